import { z } from 'zod';
import { checkoutAddressSchema, idempotencyKeyHeaders } from './checkout';
import { int, multilineText, numeric, requiredText, rowId, text } from './fields';
import { defineRoute } from './route';

/** Spec 001 section 8 and spec 002: the billing tab's texts, verbatim. */
export const billingMessages = {
  loading: 'Loading billing information...',
  empty: 'No payment history found.',
  currentTherapies: 'Current Therapies',
  pastPayments: 'Past Payments',
  paymentProcessed: 'Payment processed successfully',
  paymentError: (message: string) => `Payment Error: ${message}`,
  paymentFailed: 'Payment failed',
  paymentProcessingFailed: 'Payment processing failed',
  cancelled: 'Your subscription is cancelled.',
  errorPrefix: (message: string) => `Error : ${message}`,
  cancelFailed: 'Error cancelling subscription',
  cardUpdated: 'Billing details updated successfully',
  incompleteBilling: 'Please enter a complete billing address.',
  invalidCard: 'Invalid card details',
  confirmCancel: 'Are you sure you want to cancel?',
  pastDue: 'Past Due',
  cancelledLabel: 'Cancelled',
  // The clinic's own texts for what the spec leaves out.
  notYourSubscription: 'We could not find this subscription on your account.',
  notActive: 'Only an active subscription can be cancelled.',
  notPastDue: 'This subscription has nothing past due.',
  amountMismatch: 'The amount does not match what is past due. Please refresh the page.',
  noSavedCard: 'No card is saved on your account. Please add a card first.',
  noSubscription: 'There is no active subscription on your account to update the card for.',
} as const;

/** Spec 001 section 7: the cancellation reasons the page offers ("other" is not sent). */
export const cancelReasons = [
  'too expensive',
  'lost enough weight',
  'prescription did not work',
  'dislike injection method',
  'too many side effects',
] as const;

/** Spec 001 section 2: 12 yearly, 6 semiannual, 3 quarterly, otherwise monthly. */
export function paymentTermDisplay(
  terms: number,
): 'yearly' | 'semiannual' | 'quarterly' | 'monthly' {
  if (terms === 12) return 'yearly';
  if (terms === 6) return 'semiannual';
  if (terms === 3) return 'quarterly';
  return 'monthly';
}

export const subscriptionStatuses = ['active', 'paused', 'ended'] as const;

/** Spec 001 section 3, "Subscription". */
export const subscriptionItemSchema = z.object({
  id: z.number().int(),
  plan_name: z.string(),
  status: z.enum(subscriptionStatuses),
  next_billing_date: z.string(),
  /** Dollars, what the next (or past-due) charge is. */
  amount: z.number(),
  payment_terms: z.number().int(),
  /** The product image's public path, chosen by plan name. */
  image: z.string(),
});
export type SubscriptionItem = z.infer<typeof subscriptionItemSchema>;

/**
 * Spec 001 section 3, "Transaction": a payment, or a declined subscription charge (status
 * "declined", transaction_id "declined-<charge id>", the amount that was tried, nothing charged,
 * no invoice or receipt).
 */
export const transactionItemSchema = z.object({
  /** The row's id in its own table: a payment and a declined charge may share one. */
  id: z.number().int(),
  /** Unique in the list (key rows by it). */
  transaction_id: z.string(),
  created_at: z.string(),
  amount: z.number(),
  /** "success", "refunded" or "declined" (spec: "success" or other). */
  status: z.string(),
  product_name: z.string(),
});
export type TransactionItem = z.infer<typeof transactionItemSchema>;

export const subscriptionItems = defineRoute({
  method: 'get',
  path: '/api/subscription-items',
  service: 'checkout',
  auth: 'patient',
  summary:
    "The caller's subscriptions (active, paused shown as Past Due, ended shown as Cancelled).",
  response: z.object({
    status: z.literal('success'),
    subscriptions: z.array(subscriptionItemSchema),
  }),
});

export const transactionItems = defineRoute({
  method: 'get',
  path: '/api/transaction-items',
  service: 'checkout',
  auth: 'patient',
  summary:
    "The caller's payments and declined subscription charges (status `declined`, nothing charged, no receipt), newest first.",
  response: z.object({
    status: z.literal('success'),
    transactions: z.array(transactionItemSchema),
  }),
});

/** Spec 001 section 3, "Billing address (card dialogs)". */
const billingAddressSchema = checkoutAddressSchema.omit({ id: true });

/** What the card form shows (brand, last 4 digits); other keys a client adds are dropped. */
const cardDetailsSchema = z
  .object({ brand: text(32).nullish(), last4: text(4).nullish() })
  .nullish();
const cardToken = requiredText(256, billingMessages.invalidCard);

const billingAnswerSchema = z.object({
  status: z.enum(['success', 'error']),
  message: z.string(),
});

export const processSubsPayment = defineRoute({
  method: 'post',
  path: '/api/process-subs-payment',
  service: 'checkout',
  auth: 'patient',
  summary:
    'Pays a paused (Past Due) subscription of the caller with a new card token and reactivates it. `amount` (dollars) must be the past-due amount. Requires an Idempotency-Key header.',
  headers: idempotencyKeyHeaders,
  body: z.object({
    token: cardToken,
    details: cardDetailsSchema,
    billingAddress: billingAddressSchema,
    subscription_id: numeric(rowId()),
    amount: numeric(z.number().min(0).max(1_000_000)),
  }),
  response: billingAnswerSchema,
});

export const updateCard = defineRoute({
  method: 'post',
  path: '/api/update-card',
  service: 'checkout',
  auth: 'patient',
  summary: "Replaces the card saved for the caller's subscriptions with a new card token.",
  body: z.object({
    token: cardToken,
    details: cardDetailsSchema,
    billingAddress: billingAddressSchema,
  }),
  response: billingAnswerSchema,
});

export const cancelSubscription = defineRoute({
  method: 'post',
  path: '/api/cancle-subs',
  service: 'checkout',
  auth: 'patient',
  summary:
    'Cancels an active subscription of the caller (its status becomes ended). The reasons, when sent, are stored.',
  body: z.object({
    reason: z.union([multilineText(1000), z.array(text(200)).max(10)]).nullish(),
    reccomend: z.union([multilineText(1000), int(-1000, 1000), z.boolean()]).nullish(),
    subs_id: numeric(rowId()),
  }),
  response: billingAnswerSchema,
});

export const downloadInvoice = defineRoute({
  method: 'get',
  path: '/api/invoice/:transaction_id',
  service: 'checkout',
  auth: 'patient',
  summary:
    "The invoice of one of the caller's transactions as a PDF (USD, one line item, quantity 1, Paid equal to the amount, amount due $0.00).",
  params: z.object({ transaction_id: text(128) }),
  query: z.object({
    /** Sent by the spec's billing tab; the invoice names the product of the transaction itself. */
    product_name: text(256).optional(),
  }),
  response: z.unknown(),
  responseContentType: 'application/pdf',
});

export const downloadHsaReceipt = defineRoute({
  method: 'get',
  path: '/api/hsa-receipt/:transaction_id',
  service: 'checkout',
  auth: 'patient',
  summary:
    "The itemised receipt of one of the caller's transactions for an HSA or FSA administrator, as a PDF: the patient's name, the date of service, the prescribed medication and the clinician consultation lines, the amounts paid and refunded, and the clinic's legal name, address and EIN. Another patient's transaction is the same 404 as an unknown one; 503 when the patient's name cannot be read just now.",
  params: z.object({ transaction_id: text(128) }),
  response: z.unknown(),
  responseContentType: 'application/pdf',
});
