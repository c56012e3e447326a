/**
 * The count a change of the per-state rules' preview asks forms for: paid orders in some states
 * that are still open here (in medical review, or a prescription awaiting the patient), by each
 * patient's newest shipping state. Counts only, never who.
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '@clinic/kit';
import { orders, patientStates, type FormsOrderStatus } from '../db/schema';

const openStatuses: FormsOrderStatus[] = [
  'pending_approval',
  'submitted',
  'prescription_received',
  'awaiting_dose_adjustment',
  'dose_adjustment_submitted',
];

export async function countOpenOrders(db: Db, states: readonly string[]): Promise<number> {
  if (states.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .innerJoin(patientStates, eq(patientStates.userId, orders.userId))
    .where(and(inArray(orders.status, openStatuses), inArray(patientStates.state, [...states])));
  return row?.n ?? 0;
}
