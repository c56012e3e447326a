/**
 * GET /api/order-items: the caller's items, newest first, and their health id, read from the
 * gateway's projection (never from the services' tables). The portal's hottest read, so it is one
 * prepared statement: the caller's items (stored ready to send) gathered through the
 * (user_id, created_at desc, item_id) index, and the health id beside them; a view answered in
 * the last 2 seconds is answered again (RecentViews, forgotten when the patient's view changes).
 */
import type { Router } from 'express';
import { eq, sql } from 'drizzle-orm';
import { orderItems as orderItemsRoute, type ProgressItem } from '@clinic/contracts';
import { bindRoute, type ServiceRuntime } from '@clinic/kit';
import { orderItems, patients } from '../db/schema';
import type { RecentViews } from '../domain/recent-views';

export function orderItemsRoutes(
  router: Router,
  runtime: ServiceRuntime,
  views: RecentViews,
): void {
  const userId = sql.placeholder('userId');
  const healthIdOfUser = runtime.db
    .select({ healthId: patients.healthId })
    .from(patients)
    .where(eq(patients.userId, userId));
  const viewOfUser = runtime.db
    .select({
      // The builder has no operator for a scalar subquery or json_agg.
      healthId: sql<string | null>`(${healthIdOfUser})`,
      orders: sql<
        ProgressItem[]
      >`coalesce(json_agg(${orderItems.answer} order by ${orderItems.createdAt} desc, ${orderItems.itemId}), '[]'::json)`,
    })
    .from(orderItems)
    .where(eq(orderItems.userId, userId))
    .prepare('gateway_order_items_of_user');

  bindRoute(router, orderItemsRoute, async ({ principal }) => {
    let answer = views.get(principal.userId);
    if (!answer) {
      const [view] = await viewOfUser.execute({ userId: principal.userId });
      answer = { orders: view?.orders ?? [], healthId: view?.healthId ?? null };
      views.set(principal.userId, answer);
    }
    return { status: 'success' as const, orders: answer.orders, health_id: answer.healthId };
  });
}
