/**
 * checkout.refund-denied-order: carries out the pending refunds of a denied or withdrawn order
 * (its handler: `refundDeniedOrderJob` in subscribers/assessment-denied-refund.ts).
 */
import { z } from 'zod';
import { jobType } from '@clinic/kit';

export const deniedOrderRefund = jobType({
  name: 'checkout.refund-denied-order',
  formerNames: ['refund-denied-order'],
  schema: z.object({ orderId: z.number().int() }),
  // About 17 minutes of retries (2 s doubling) before the job is dead-lettered.
  attempts: 10,
  backoffMs: 2000,
});
