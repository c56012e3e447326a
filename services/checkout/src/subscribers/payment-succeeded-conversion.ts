/**
 * Queues the affiliate conversion of a paid checkout: on `payment-succeeded` of kind `checkout`
 * whose buyer arrived with a conversion id (c_id), records the order's conversion (with its
 * opaque reference) and enqueues attempt 1 of `call-conversion`.
 * Add-ons and renewals are not new conversions. Idempotent twice over: the inbox skips a
 * redelivered event, and the job id `conversion-<orderId>-1` drops a second event for the same
 * order, so an order is reported once. Queued in the event's transaction: it runs only if that
 * commits, and is not lost once it has.
 */
import { paymentSucceeded } from '@clinic/contracts';
import { defineSubscriber, type ServiceRuntime } from '@clinic/kit';
import { enqueueConversion } from '../jobs/definitions/call-conversion';

export function paymentSucceededConversionSubscriber(runtime: ServiceRuntime) {
  return defineSubscriber({
    name: 'queue-affiliate-conversion',
    event: paymentSucceeded,
    async handle(data, { tx }) {
      const conversionId = data.conversionId?.trim();
      if (data.kind !== 'checkout' || !conversionId) return;
      await enqueueConversion(
        runtime,
        {
          orderId: data.orderId,
          amountCents: data.amountCents,
          conversionId,
          paymentTerms: data.paymentTerms,
        },
        tx,
      );
    },
  });
}
