/**
 * Queues the affiliate conversion of a paid checkout: on `payment-succeeded` of kind `checkout`
 * whose buyer arrived with a conversion id (c_id), enqueues attempt 1 of `call-conversion`.
 * Add-ons and renewals are not new conversions. Idempotent twice over: the inbox skips a
 * redelivered event, and the job id `conversion-<orderId>-1` drops a second event for the same
 * order, so an order is reported once.
 */
import { paymentSucceeded } from '@clinic/contracts';
import { defineSubscriber, type ServiceRuntime } from '@clinic/kit';
import { enqueueConversion } from '../jobs/call-conversion';

export function paymentSucceededConversionSubscriber(runtime: ServiceRuntime) {
  return defineSubscriber({
    name: 'queue-affiliate-conversion',
    event: paymentSucceeded,
    async handle(data) {
      const conversionId = data.conversionId?.trim();
      if (data.kind !== 'checkout' || !conversionId) return;
      const queued = enqueueConversion(runtime, {
        orderId: data.orderId,
        userId: data.userId,
        userName: data.userName,
        productName: data.productName,
        amountCents: data.amountCents,
        conversionId,
        paymentTerms: data.paymentTerms,
      });
      // The embedded database has one connection, held by this handler's transaction, and the
      // local queue writes through it: awaiting here would wait on ourselves and freeze the
      // database. Unawaited, the enqueue runs as soon as the transaction ends. The cost is a
      // crash in between losing this conversion; every other engine has its own connection, so
      // there a failed enqueue fails the handler and the consumer retries the event.
      if (runtime.queue.kind === 'local' && runtime.engines.database.kind === 'pglite') {
        void queued.catch((err: unknown) =>
          runtime.logger.error(
            { err, orderId: data.orderId, cId: conversionId },
            'conversion could not be queued',
          ),
        );
        return;
      }
      await queued;
    },
  });
}
