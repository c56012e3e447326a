/**
 * The support console's view of orders, read from the gateway's order view:
 * - GET /api/console/support/patients/:userId/orders: a patient's orders beside a chat, newest
 *   first;
 * - GET /api/console/support/orders?number=...: one order found by its number (issue 26), with
 *   its refills and replacements.
 * Support is not clinical staff, so each item is projected down to what an agent needs for
 * "where is my order?" (its number, product or plan, date, status, carrier and tracking, and a
 * replacement request); never the prescription, doses or answers. A found order names its
 * patient's user id, so the agent can open their account (the chat's, with their name). Each read of a patient's orders is audited (who, role,
 * whom, when, from where) before it is answered.
 */
import type { Request, Router } from 'express';
import { asc, desc, eq } from 'drizzle-orm';
import {
  orderNumber,
  supportOrderSearch,
  supportOrderStatusLabels,
  supportPatientOrders,
  type Principal,
  type ProgressItem,
  type SupportOrder,
} from '@clinic/contracts';
import { bindRoute, type ServiceRuntime } from '@clinic/kit';
import { orderItems } from '../db/schema';

function supportOrderOf(item: ProgressItem): SupportOrder {
  return {
    orderId: item.id,
    itemId: item.item_id,
    kind: item.kind,
    orderNumber: item.order_number ?? orderNumber(item.id),
    productName: item.product_name,
    createdAt: item.created_at,
    status: item.status,
    statusLabel: supportOrderStatusLabels[item.status],
    trackingNumber: item.tracking_number,
    carrier: item.logistics_provider,
    reshipRequest: item.reship_request,
  };
}

export function supportPatientOrdersRoutes(router: Router, runtime: ServiceRuntime): void {
  const audit = (principal: Principal, userId: number, req: Request) =>
    runtime.audit
      .of<'patient-orders.read'>()
      .record(
        runtime.db,
        { id: principal.userId, role: principal.role, ip: req.ip ?? null },
        { action: 'patient-orders.read', patientId: userId, at: runtime.clock.now() },
      );

  bindRoute(router, supportPatientOrders, async ({ principal, params, req }) => {
    await audit(principal, params.userId, req);
    const rows = await runtime.db
      .select({ answer: orderItems.answer })
      .from(orderItems)
      .where(eq(orderItems.userId, params.userId))
      .orderBy(desc(orderItems.createdAt), orderItems.itemId);
    return { status: 'success' as const, orders: rows.map((r) => supportOrderOf(r.answer)) };
  });

  bindRoute(router, supportOrderSearch, async ({ principal, query, req }) => {
    const rows = await runtime.db
      .select({ userId: orderItems.userId, answer: orderItems.answer })
      .from(orderItems)
      .where(eq(orderItems.orderId, query.number))
      .orderBy(asc(orderItems.createdAt), orderItems.itemId);
    // Audited before anything of the patient's is answered; a number that finds nothing reads
    // nobody's orders.
    if (rows[0]) await audit(principal, rows[0].userId, req);
    return {
      status: 'success' as const,
      orders: rows.map((r) => supportOrderOf(r.answer)),
      userId: rows[0]?.userId ?? null,
    };
  });
}
