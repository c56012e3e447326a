/**
 * What the invoice says, shown beside its download (issue 26): the order's number, the date of
 * issue, the product, the amount and whether it was paid or refunded, as the PDF prints them
 * (checkout's invoice route). Read from calls the portal already makes: the payment from GET
 * /api/transaction-items (its id is the invoice's), the order from GET /api/order-items (the
 * item paid by it). A payment the lists do not have gives no summary; the download stays.
 */
import {
  clinicTimeZone,
  formatUsDate,
  orderItems,
  orderNumber,
  transactionItems,
  type ProgressItem,
  type TransactionItem,
} from '@clinic/contracts';
import { callApi } from '../api/client';
import { formatDollars } from '../ui/money';

export interface InvoiceSummary {
  /** "#0042"; null when no order of the caller's names this payment. */
  orderNumber: string | null;
  /** "Nov 27, 2026": the day of issue in the clinic's zone, as on the PDF. */
  issued: string;
  issuedAt: string;
  product: string;
  /** "$449.97" */
  amount: string;
  status: 'Paid' | 'Refunded';
}

/** The PDF's description when the payment names no product (spec 001: "Subscription Service"). */
export const defaultInvoiceProduct = 'Subscription Service';

/** The summary of payment `paymentIntentId`, or null when the caller has no such payment. */
export function invoiceSummaryOf(
  paymentIntentId: string,
  transactions: readonly TransactionItem[],
  orders: readonly ProgressItem[],
): InvoiceSummary | null {
  const payment = transactions.find((t) => t.transaction_id === paymentIntentId);
  if (!payment) return null;
  const order = orders.find((o) => o.payment_intent_id === paymentIntentId);
  return {
    // The invoice names the order, not a refill's or replacement's shipment of it.
    orderNumber: order ? orderNumber(order.id) : null,
    issued: formatUsDate(payment.created_at, clinicTimeZone),
    issuedAt: payment.created_at,
    product: payment.product_name.trim() || defaultInvoiceProduct,
    amount: formatDollars(payment.amount),
    status: payment.status === 'refunded' ? 'Refunded' : 'Paid',
  };
}

/** Reads both lists; a failure of either leaves the summary out (null), never the invoice. */
export async function fetchInvoiceSummary(paymentIntentId: string): Promise<InvoiceSummary | null> {
  try {
    const [payments, items] = await Promise.all([callApi(transactionItems), callApi(orderItems)]);
    return invoiceSummaryOf(paymentIntentId, payments.transactions, items.orders);
  } catch {
    return null;
  }
}
