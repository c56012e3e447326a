import type { Router } from 'express';
import { sql } from 'drizzle-orm';
import { downloadInvoice } from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import { bindRoute, HttpError, rows, type ServiceRuntime } from '@clinic/kit';
import {
  invoiceDescription,
  invoiceNumberOf,
  renderInvoicePdf,
  type InvoiceData,
} from '../domain/billing/invoice-pdf';

export const invoiceNotFound = 'We could not find this payment.';

interface TransactionRow {
  transaction_id: string;
  amount_cents: number;
  status: 'success' | 'refunded';
  product_name: string;
  created_at: Date | string;
}

/** What may stand in a quoted filename of a Content-Disposition header. */
function filenameSafe(id: string): string {
  return id.replace(/[^A-Za-z0-9_.-]/g, '_');
}

/**
 * GET /api/invoice/:transaction_id: the invoice of one of the caller's own payments as a PDF.
 * Another patient's transaction, or an unknown one, is the same 404 (nothing is revealed).
 * `identity` gives the billed-to name and email; without it (or for an unknown patient) that
 * block is left out.
 */
export function invoiceRoute(
  router: Router,
  runtime: ServiceRuntime,
  identity?: IdentityDirectory,
): void {
  bindRoute(router, downloadInvoice, async ({ params, principal, res }) => {
    const [transaction] = await rows<TransactionRow>(
      runtime.db,
      sql`select transaction_id, amount_cents, status, product_name, created_at
          from checkout.transactions
          where transaction_id = ${params.transaction_id} and user_id = ${principal.userId}`,
    );
    if (!transaction) throw new HttpError(404, invoiceNotFound);

    let billedTo: InvoiceData['billedTo'] = null;
    if (identity) {
      try {
        const contact = await identity.patientContact(principal.userId);
        if (contact) billedTo = { name: contact.first_name || null, email: contact.email };
      } catch (err) {
        // The invoice is still right without the name: leave the block out rather than fail.
        runtime.logger.warn({ err }, 'patient contact unavailable for invoice');
      }
    }

    const pdf = await renderInvoicePdf({
      transactionId: transaction.transaction_id,
      invoiceNumber: invoiceNumberOf(transaction.transaction_id),
      issuedAt: new Date(transaction.created_at),
      // The spec's page sends product_name; the invoice names what was actually paid for.
      description: invoiceDescription(transaction.product_name),
      amountCents: transaction.amount_cents,
      status: transaction.status === 'refunded' ? 'Refunded' : 'Paid',
      billedTo,
    });
    res
      .status(200)
      .set({
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="invoice-${filenameSafe(transaction.transaction_id)}.pdf"`,
        'Cache-Control': 'private, no-store',
        'Content-Length': String(pdf.byteLength),
      })
      .end(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    return undefined;
  });
}
