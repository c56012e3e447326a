/**
 * GET /api/invoice/{transaction_id} for the invoice page: the caller's invoice PDF as a Blob
 * (checkout answers 404 for a payment that is not the caller's). The Orders tab's payment id
 * (payment_intent_id) is the checkout transaction's id.
 */
import { downloadInvoice } from '@clinic/contracts';
import { callApiForBlob } from '../api/file';

export function fetchInvoicePdf(paymentIntentId: string): Promise<Blob> {
  return callApiForBlob(downloadInvoice, {
    params: { transaction_id: paymentIntentId },
    query: {},
  });
}

/** A name the browser may save the file under: "invoice-ch_123.pdf". */
export function invoiceFileName(paymentIntentId: string): string {
  return `invoice-${paymentIntentId.replace(/[^A-Za-z0-9_.-]/g, '_')}.pdf`;
}
