/**
 * Learns of paid prescription orders from checkout's `payment-succeeded` (the first checkout;
 * add-ons share their order's form, renewals need none): each becomes an order waiting for its
 * assessment. Idempotent through the inbox and the order id's primary key; an order whose product
 * is not a GLP-1 is not a medical form's order and is skipped.
 */
import { paymentSucceeded } from '@clinic/contracts';
import { defineSubscriber, type ServiceRuntime } from '@clinic/kit';
import { orders } from '../db/schema';
import { drugOfProduct } from '../domain/orders';

export function paidOrdersSubscriber(runtime: ServiceRuntime) {
  return defineSubscriber({
    name: 'keep-paid-orders',
    event: paymentSucceeded,
    async handle(data, { tx }) {
      if (data.kind !== 'checkout' || data.userId === null) return;
      const now = runtime.clock.now();
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
            status: 'pending_approval',
            paidAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing({ target: orders.orderId });
      }
    },
  });
}
