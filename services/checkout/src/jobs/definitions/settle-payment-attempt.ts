/**
 * checkout.settle-payment-attempt: settles a card payment attempt left unfinished (its key).
 */
import { z } from 'zod';
import { jobType } from '@clinic/kit';

export const settlePaymentAttempt = jobType({
  name: 'checkout.settle-payment-attempt',
  formerNames: ['settle-payment-attempt'],
  schema: z.object({ key: z.string() }),
  attempts: 8,
  backoffMs: 30_000,
});
