/**
 * checkout.order-confirmation-email: the confirmation of a paid order, once per payment.
 */
import { z } from 'zod';
import { jobType } from '@clinic/kit';

export const ORDER_CONFIRMATION_JOB = 'order-confirmation-email';

export const orderConfirmationSchema = z.object({
  orderId: z.number().int(),
  userId: z.number().int().nullable(),
  transactionId: z.string(),
  productName: z.string(),
  amountCents: z.number().int(),
  paymentTerms: z.number().int(),
});
export type OrderConfirmation = z.infer<typeof orderConfirmationSchema>;

export const orderConfirmation = jobType({
  name: `checkout.${ORDER_CONFIRMATION_JOB}`,
  formerNames: [ORDER_CONFIRMATION_JOB],
  schema: orderConfirmationSchema,
  attempts: 5,
  backoffMs: 10_000,
});
