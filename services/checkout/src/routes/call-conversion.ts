/**
 * POST /api/call-conversion (spec 001 section 7): the page reports its affiliate conversion. The
 * record is built from the caller's latest paid order (never from the browser's amount) and
 * queued once per order as the call-conversion job, which does the calling and retrying; the
 * answer never waits for the affiliate. The body still accepts the spec's user_id, user_name and
 * product_name, and ignores them: the affiliate is no longer sent a name or a product.
 */
import type { Router } from 'express';
import { and, desc, eq } from 'drizzle-orm';
import { callConversion } from '@clinic/contracts';
import { HttpError, bindRoute, type ServiceRuntime } from '@clinic/kit';
import { orders, transactions } from '../db/schema';
import { enqueueConversion } from '../jobs/definitions/call-conversion';

export function callConversionRoute(router: Router, runtime: ServiceRuntime): void {
  bindRoute(router, callConversion, async ({ body, principal }) => {
    const [order] = await runtime.db
      .select({
        id: orders.id,
        paymentTerms: orders.paymentTerms,
        amountCents: transactions.amountCents,
      })
      .from(orders)
      .innerJoin(
        transactions,
        and(eq(transactions.orderId, orders.id), eq(transactions.kind, 'checkout')),
      )
      .where(eq(orders.userId, principal.userId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(1);
    if (!order) throw new HttpError(404, 'We could not find your order.');
    await enqueueConversion(runtime, {
      orderId: order.id,
      amountCents: order.amountCents,
      conversionId: body.c_id,
      paymentTerms: order.paymentTerms,
    });
    return { status: 'success' as const };
  });
}
