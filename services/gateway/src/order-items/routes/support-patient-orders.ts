/**
 * GET /api/console/support/patients/:userId/orders: the support console's view of a patient's
 * orders beside a chat, read from the gateway's order view, newest first. Support is not clinical
 * staff, so each item is projected down to what an agent needs for "where is my order?" (order,
 * product or plan, date, status, carrier and tracking); never the prescription, doses or answers.
 * The read is audited (who, role, whom, when, from where) before it is answered.
 */
import type { Router } from 'express';
import { desc, eq } from 'drizzle-orm';
import {
  supportOrderStatusLabels,
  supportPatientOrders,
  type SupportOrder,
} from '@clinic/contracts';
import { bindRoute, type ServiceRuntime } from '@clinic/kit';
import { orderItems, supportAuditLog } from '../db/schema';

export function supportPatientOrdersRoutes(router: Router, runtime: ServiceRuntime): void {
  bindRoute(router, supportPatientOrders, async ({ principal, params, req }) => {
    await runtime.db.insert(supportAuditLog).values({
      staffId: principal.userId,
      role: principal.role,
      userId: params.userId,
      address: req.ip ?? null,
      at: runtime.clock.now(),
    });
    const rows = await runtime.db
      .select({ answer: orderItems.answer })
      .from(orderItems)
      .where(eq(orderItems.userId, params.userId))
      .orderBy(desc(orderItems.createdAt), orderItems.itemId);
    const orders = rows.map(({ answer: item }): SupportOrder => ({
      orderId: item.id,
      itemId: item.item_id,
      kind: item.kind,
      productName: item.product_name,
      createdAt: item.created_at,
      status: item.status,
      statusLabel: supportOrderStatusLabels[item.status],
      trackingNumber: item.tracking_number,
      carrier: item.logistics_provider,
    }));
    return { status: 'success' as const, orders };
  });
}
