/**
 * Queues the order confirmation of a paid checkout (`payment-succeeded` of kind `checkout`):
 * once per order, by job id, whatever the redeliveries. Add-ons and renewals have receipts of
 * their own in the billing tab. The email is sent by the job, outside the event's transaction
 * (the patient's address comes from identity).
 */
import { paymentSucceeded } from '@clinic/contracts';
import { defineSubscriber, type ServiceRuntime } from '@clinic/kit';
import { ORDER_CONFIRMATION_JOB, type OrderConfirmation } from '../jobs/order-confirmation-email';
import { enqueueAfterCommit } from './enqueue-after-commit';

export function paymentSucceededConfirmationSubscriber(runtime: ServiceRuntime) {
  return defineSubscriber({
    name: 'queue-order-confirmation',
    event: paymentSucceeded,
    async handle(data) {
      if (data.kind !== 'checkout') return;
      const order: OrderConfirmation = {
        orderId: data.orderId,
        userId: data.userId,
        transactionId: data.transactionId,
        productName: data.productName,
        amountCents: data.amountCents,
        paymentTerms: data.paymentTerms,
      };
      await enqueueAfterCommit(
        runtime,
        runtime.queue.enqueue(ORDER_CONFIRMATION_JOB, order, {
          jobId: `order-confirmation-${data.orderId}`,
        }),
        'order confirmation could not be queued',
      );
    },
  });
}
