/**
 * chat.check-in-missed-inbox: a refill check-in missed, to be put in support's inbox; queued by
 * the subscriber of `refill-check-in-missed` with its inbox transaction.
 */
import { z } from 'zod';
import { jobType } from '@clinic/kit';

export const checkInMissedInbox = jobType({
  name: 'chat.check-in-missed-inbox',
  schema: z.object({
    orderId: z.number().int(),
    userId: z.number().int(),
    shipOn: z.iso.datetime(),
  }),
  attempts: 5,
  backoffMs: 10_000,
});
