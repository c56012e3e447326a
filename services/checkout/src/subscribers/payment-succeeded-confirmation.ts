/**
 * Queues the order confirmation of a paid checkout (`payment-succeeded` of kind `checkout`):
 * once per order, by job id, whatever the redeliveries. An add-on's receipt is emailed by
 * add-on-receipt-email (queued where the charge is recorded); renewals have theirs in the billing
 * tab. The email is sent by the job, outside the event's transaction
 * (the patient's address comes from identity), queued in the event's transaction: it runs only
 * if that commits, and is not lost once it has.
 */
import { paymentSucceeded } from '@clinic/contracts';
import { defineSubscriber, type ServiceRuntime } from '@clinic/kit';
import {
  orderConfirmation,
  type OrderConfirmation,
} from '../jobs/definitions/order-confirmation-email';

export function paymentSucceededConfirmationSubscriber(runtime: ServiceRuntime) {
  return defineSubscriber({
    name: 'queue-order-confirmation',
    event: paymentSucceeded,
    async handle(data, { tx }) {
      if (data.kind !== 'checkout') return;
      const order: OrderConfirmation = {
        orderId: data.orderId,
        userId: data.userId,
        transactionId: data.transactionId,
        productName: data.productName,
        amountCents: data.amountCents,
        paymentTerms: data.paymentTerms,
      };
      await runtime.queue.job(orderConfirmation).enqueueAfterCommit(tx, order, {
        jobId: `order-confirmation-${data.orderId}`,
      });
    },
  });
}
