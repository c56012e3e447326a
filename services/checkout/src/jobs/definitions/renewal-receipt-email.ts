/**
 * checkout.renewal-receipt-email: the receipt of a renewal or Pay Now charge, once per charge.
 */
import { z } from 'zod';
import { jobType } from '@clinic/kit';

export const renewalReceiptSchema = z.object({
  orderId: z.number().int(),
  userId: z.number().int(),
  transactionId: z.string(),
  planName: z.string(),
  amountCents: z.number().int(),
  cardLast4: z.string().nullable(),
  chargedAt: z.iso.datetime(),
  /** Null when the subscription ended while the charge was in flight. */
  nextBillingDate: z.iso.datetime().nullable(),
});
export type RenewalReceipt = z.infer<typeof renewalReceiptSchema>;

export const renewalReceipt = jobType({
  name: 'checkout.renewal-receipt-email',
  schema: renewalReceiptSchema,
  attempts: 5,
  backoffMs: 10_000,
});

export const renewalReceiptJobId = (transactionId: string) => `renewal-receipt-${transactionId}`;
