/**
 * checkout.add-on-receipt-email: the receipt of an add-on charged after checkout, once per charge.
 */
import { z } from 'zod';
import { jobType } from '@clinic/kit';

export const ADD_ON_RECEIPT_JOB = 'add-on-receipt-email';

export const addOnReceiptSchema = z.object({
  orderId: z.number().int(),
  userId: z.number().int(),
  transactionId: z.string(),
  productName: z.string(),
  amountCents: z.number().int(),
  cardLast4: z.string().nullable(),
  chargedAt: z.string(),
});
export type AddOnReceipt = z.infer<typeof addOnReceiptSchema>;

export const addOnReceipt = jobType({
  name: `checkout.${ADD_ON_RECEIPT_JOB}`,
  formerNames: [ADD_ON_RECEIPT_JOB],
  schema: addOnReceiptSchema,
  attempts: 5,
  backoffMs: 10_000,
});

/** One receipt per charge, whatever the retries. */
export const addOnReceiptJobId = (transactionId: string) => `add-on-receipt-${transactionId}`;
