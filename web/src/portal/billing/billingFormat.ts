import { dollarsToCents, type TransactionItem } from '@clinic/contracts';
import { formatUsd } from '../../checkout/money';

/** The clinic's own texts for what the spec leaves out. */
export const billingTexts = {
  loadFailed: 'We could not load your billing information.',
  noTherapies: 'You have no therapies yet.',
  cardUpdateFailed: 'We could not update your card. Please try again.',
  invoiceFailed: 'We could not download this receipt. Please try again.',
  defaultProduct: 'Subscription',
} as const;

/** Dollars to "$1,349.82" (2 decimals, spec 001 section 2). */
export function formatDollars(dollars: number): string {
  return formatUsd(dollarsToCents(dollars));
}

/** The product a payment was for (the default name when the server has none). */
export function productOf(transaction: TransactionItem): string {
  return transaction.product_name.trim() || billingTexts.defaultProduct;
}
