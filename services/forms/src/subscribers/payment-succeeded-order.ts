/**
 * Learns of paid prescription orders from checkout's `payment-succeeded` (the first checkout;
 * add-ons share their order's form, renewals need none): each becomes an order waiting for its
 * assessment, with what was paid for it. An add-on's or a renewal's payment adds to what the order
 * paid (what Process Refund gives back, shown before the patient confirms). Idempotent through the
 * inbox (each payment is counted once) and the order id's primary key; an order whose product is
 * not a GLP-1 is not a medical form's order and is skipped.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { paymentSucceeded } from '@clinic/contracts';
import { defineSubscriber, type ServiceRuntime } from '@clinic/kit';
import { orders } from '../db/schema';
import { drugOfProduct } from '../domain/orders';

export function paymentSucceededOrderSubscriber(runtime: ServiceRuntime) {
  return defineSubscriber({
    name: 'keep-paid-orders',
    event: paymentSucceeded,
    async handle(data, { tx }) {
      const now = runtime.clock.now();
      if (data.kind !== 'checkout') {
        // Same key (the order id) as its checkout's event, so it never arrives first.
        await tx
          .update(orders)
          .set({ paidCents: sql`${orders.paidCents} + ${data.amountCents}`, updatedAt: now })
          .where(and(eq(orders.orderId, data.orderId), isNotNull(orders.paidCents)));
        return;
      }
      if (data.userId === null) return;
      for (const preauth of data.prescriptionPreauths) {
        const drug = drugOfProduct(preauth.product_name);
        if (!drug || preauth.orderId !== data.orderId) continue;
        await tx
          .insert(orders)
          .values({
            orderId: preauth.orderId,
            userId: data.userId,
            cartId: data.cartId,
            productId: preauth.product_id,
            productName: preauth.product_name,
            drug,
            paymentTerms: data.paymentTerms,
            paidCents: data.amountCents,
            status: 'pending_approval',
            paidAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing({ target: orders.orderId });
      }
    },
  });
}
