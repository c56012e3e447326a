/**
 * The billing tab's calls (spec 001 section 7): the two lists, the invoice PDF and the HSA/FSA
 * receipt PDF, all through the API client (the PDFs are binary: their bytes come back as Blobs).
 */
import {
  downloadHsaReceipt,
  downloadInvoice,
  subscriptionItems,
  transactionItems,
  type SubscriptionItem,
  type TransactionItem,
} from '@clinic/contracts';
import { buildPath, callApi } from '../../api/client';
import { callApiForBlob } from '../../api/file';

export interface BillingLists {
  subscriptions: SubscriptionItem[];
  transactions: TransactionItem[];
}

/** GET /api/subscription-items and GET /api/transaction-items, read through the contract. */
export async function loadBillingLists(): Promise<BillingLists> {
  const [subs, transactions] = await Promise.all([
    callApi(subscriptionItems),
    callApi(transactionItems),
  ]);
  return { subscriptions: subs.subscriptions, transactions: transactions.transactions };
}

/** "/api/invoice/ch_1?product_name=Tirzepatide" */
export function invoicePath(transactionId: string, productName: string): string {
  return buildPath(
    downloadInvoice.path,
    { transaction_id: transactionId },
    { product_name: productName },
  );
}

/** GET /api/invoice/{transaction_id}?product_name=...: the invoice PDF as a Blob. */
export async function fetchInvoice(transactionId: string, productName: string): Promise<Blob> {
  return callApiForBlob(downloadInvoice, {
    params: { transaction_id: transactionId },
    query: { product_name: productName },
  });
}

/** GET /api/hsa-receipt/{transaction_id}: the payment's HSA/FSA receipt PDF as a Blob. */
export async function fetchHsaReceipt(transactionId: string): Promise<Blob> {
  return callApiForBlob(downloadHsaReceipt, { params: { transaction_id: transactionId } });
}

/** Hands `blob` to the browser as a download named `filename` (object URL + temporary link). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns: free it a little later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
