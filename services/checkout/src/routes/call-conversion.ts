/**
 * POST /api/call-conversion (spec 001 section 7): the page reports its affiliate conversion. The
 * record is built from the caller's latest paid order (never from the browser's amount or
 * product) and queued once per order as the call-conversion job, which does the calling and
 * retrying; the answer never waits for the affiliate.
 */
import type { Router } from 'express';
import { sql } from 'drizzle-orm';
import { callConversion } from '@clinic/contracts';
import { HttpError, bindRoute, rows, type ServiceRuntime } from '@clinic/kit';
import { enqueueConversion } from '../jobs/call-conversion';

export function callConversionRoute(router: Router, runtime: ServiceRuntime): void {
  bindRoute(router, callConversion, async ({ body, principal }) => {
    const [order] = await rows<{
      id: number;
      payment_terms: number;
      amount_cents: number;
      product_name: string;
    }>(
      runtime.db,
      sql`select o.id, o.payment_terms, t.amount_cents, t.product_name
          from checkout.orders o
          join checkout.transactions t on t.order_id = o.id and t.kind = 'checkout'
          where o.user_id = ${principal.userId}
          order by o.created_at desc, o.id desc limit 1`,
    );
    if (!order) throw new HttpError(404, 'We could not find your order.');
    await enqueueConversion(runtime, {
      orderId: order.id,
      userId: principal.userId,
      userName: body.user_name ?? null,
      productName: order.product_name,
      amountCents: order.amount_cents,
      conversionId: body.c_id,
      paymentTerms: order.payment_terms,
    });
    return { status: 'success' as const };
  });
}
