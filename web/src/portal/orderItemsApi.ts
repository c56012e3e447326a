/**
 * The portal's orders (GET /api/order-items, spec 002 section 7), read through the contract: the
 * Orders and Dosage tabs and the portal's tab bar share this one query. Kept small for /home's
 * first load: the call and its schema load with the query (orderItemsLoad), and no rules here
 * (the tab bar only needs to know whether any order has prescription data).
 */
import { queryOptions } from '@tanstack/react-query';
import type { ProgressItem } from '@clinic/contracts';

export const orderItemsQuery = queryOptions({
  queryKey: ['order-items'] as const,
  queryFn: async () => (await import('./orderItemsLoad')).loadOrderItems(),
});

/**
 * The tabs take the query as a prop (typed from here, imported as a type only): a lazy tab that
 * imported it would make the portal's chunk export to it, and the build could no longer weigh
 * /home (web/scripts/routeBudget.ts wants the page's chunk to be a plain lazy entry).
 */
export type OrderItemsQuery = typeof orderItemsQuery;

/** Whether the Dosage tab exists (spec 002: only when the user has prescription data). */
export function hasPrescriptionData(orders: readonly ProgressItem[] | undefined): boolean {
  return orders?.some((order) => order.prescription_data.length > 0) ?? false;
}
