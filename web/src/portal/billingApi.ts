/**
 * The billing tab's calls (spec 001 section 7): the two lists, and the invoice PDF. JSON calls go
 * through `apiFetch`; the invoice is binary, so it has its own fetch with the same bearer token
 * and the same handling of a rejected session.
 */
import {
  downloadInvoice,
  subscriptionItems,
  transactionItems,
  type SubscriptionItem,
  type TransactionItem,
} from '@clinic/contracts';
import { ApiError, apiFetch } from '../api/client';
import { clearSession, getSession } from '../session/session';

export interface BillingLists {
  subscriptions: SubscriptionItem[];
  transactions: TransactionItem[];
}

/** GET /api/subscription-items and GET /api/transaction-items, read through the contract. */
export async function loadBillingLists(): Promise<BillingLists> {
  const [subs, transactions] = await Promise.all([
    apiFetch(subscriptionItems.path).then((raw) => subscriptionItems.response.parse(raw)),
    apiFetch(transactionItems.path).then((raw) => transactionItems.response.parse(raw)),
  ]);
  return { subscriptions: subs.subscriptions, transactions: transactions.transactions };
}

/** The server's own message of a failed call, when it sent one. */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  return messageIn(error.body);
}

/** `message` of an answer body, when it is a non-empty string. */
export function messageIn(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const { message } = body as { message?: unknown };
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/** "/api/invoice/ch_1?product_name=Tirzepatide" */
export function invoicePath(transactionId: string, productName: string): string {
  const path = downloadInvoice.path.replace(':transaction_id', encodeURIComponent(transactionId));
  return `${path}?${new URLSearchParams({ product_name: productName }).toString()}`;
}

/** GET /api/invoice/{transaction_id}?product_name=...: the invoice PDF as a Blob. */
export async function fetchInvoice(transactionId: string, productName: string): Promise<Blob> {
  const headers = new Headers({ Accept: 'application/pdf' });
  const session = getSession();
  if (session) headers.set('Authorization', `Bearer ${session.token}`);

  const response = await fetch(invoicePath(transactionId, productName), { headers });
  if (!response.ok) {
    // As apiFetch does: a rejected token means the session is gone.
    if (response.status === 401 && session) clearSession();
    let body: unknown;
    try {
      body = JSON.parse(await response.text()) as unknown;
    } catch {
      body = undefined;
    }
    throw new ApiError(
      response.status,
      messageIn(body) ?? `Request failed with status ${response.status}`,
      body,
    );
  }
  return response.blob();
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

/** "2026-05-01T00:00:00.000Z" or "2026-05-01 10:00:00" to "2026-05-01" (spec: the date part). */
export function datePart(value: string): string {
  const match = /^\s*(\d{4}-\d{2}-\d{2})/.exec(value);
  return match ? match[1]! : value;
}
