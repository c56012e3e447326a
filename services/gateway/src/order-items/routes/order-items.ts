/**
 * GET /api/order-items: the caller's items, newest first, and their health id, read from the
 * gateway's projection (never from the services' tables). The portal's hottest read: two
 * indexed lookups by the caller's user id, each item stored ready to send.
 */
import type { Router } from 'express';
import { asc, desc, eq } from 'drizzle-orm';
import { orderItems as orderItemsRoute } from '@clinic/contracts';
import { bindRoute, type ServiceRuntime } from '@clinic/kit';
import { orderItems, patients } from '../db/schema';

export function orderItemsRoutes(router: Router, runtime: ServiceRuntime): void {
  bindRoute(router, orderItemsRoute, async ({ principal }) => {
    const [items, patient] = await Promise.all([
      runtime.db
        .select({ answer: orderItems.answer })
        .from(orderItems)
        .where(eq(orderItems.userId, principal.userId))
        .orderBy(desc(orderItems.createdAt), asc(orderItems.itemId)),
      runtime.db
        .select({ healthId: patients.healthId })
        .from(patients)
        .where(eq(patients.userId, principal.userId)),
    ]);
    return {
      status: 'success' as const,
      orders: items.map((item) => item.answer),
      health_id: patient[0]?.healthId ?? null,
    };
  });
}
