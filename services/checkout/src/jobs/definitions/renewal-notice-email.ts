/**
 * checkout.renewal-notice-email: the notice before a renewal charge (7 days before for monthly
 * plans, 15 for longer ones), once per subscription and billing date.
 */
import { z } from 'zod';
import { jobType } from '@clinic/kit';

export const renewalNoticeSchema = z.object({
  subscriptionId: z.number().int(),
  userId: z.number().int(),
  planName: z.string(),
  amountCents: z.number().int(),
  cardLast4: z.string().nullable(),
  billingDate: z.iso.datetime(),
});
export type RenewalNotice = z.infer<typeof renewalNoticeSchema>;

export const renewalNotice = jobType({
  name: 'checkout.renewal-notice-email',
  schema: renewalNoticeSchema,
  attempts: 5,
  backoffMs: 10_000,
});

export const renewalNoticeJobId = (subscriptionId: number, billingDate: Date) =>
  `renewal-notice-${subscriptionId}-${billingDate.getTime()}`;
