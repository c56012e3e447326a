import type { TransactionItem } from '@clinic/contracts';

/** The clinic's own texts for what the spec leaves out. */
export const billingTexts = {
  loadFailed: 'We could not load your billing information.',
  noTherapies: 'You have no therapies yet.',
  cardUpdateFailed: 'We could not update your card. Please try again.',
  invoiceFailed: 'We could not download this receipt. Please try again.',
  hsaHint:
    'Paying with an HSA or FSA? Each payment has an itemised HSA/FSA receipt to send to your plan administrator.',
  defaultProduct: 'Subscription',
} as const;

/** The product a payment was for (the default name when the server has none). */
export function productOf(transaction: TransactionItem): string {
  return transaction.product_name.trim() || billingTexts.defaultProduct;
}
