import type { Router } from 'express';
import { and, eq } from 'drizzle-orm';
import { downloadInvoice, orderNumber } from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import { bindRoute, HttpError, type ServiceRuntime } from '@clinic/kit';
import { orders, transactions } from '../db/schema';
import {
  addressLinesOf,
  invoiceDescription,
  invoiceNumberOf,
  renderInvoicePdf,
  type InvoiceData,
} from '../domain/billing/invoice-pdf';

export const invoiceNotFound = 'We could not find this payment.';

/** What may stand in a quoted filename of a Content-Disposition header. */
function filenameSafe(id: string): string {
  return id.replace(/[^A-Za-z0-9_.-]/g, '_');
}

/**
 * GET /api/invoice/:transaction_id: the invoice of one of the caller's own payments as a PDF.
 * Another patient's transaction, or an unknown one, is the same 404 (nothing is revealed).
 * Billed to: the patient's full name and email (from `identity`) and the address the order was
 * billed to (its billing address, else its shipping address); without identity, or for an
 * unknown patient, that block is left out.
 */
export function invoiceRoute(
  router: Router,
  runtime: ServiceRuntime,
  identity?: IdentityDirectory,
): void {
  bindRoute(router, downloadInvoice, async ({ params, principal, res }) => {
    const t = transactions;
    const [transaction] = await runtime.db
      .select({
        transactionId: t.transactionId,
        orderId: t.orderId,
        amountCents: t.amountCents,
        status: t.status,
        productName: t.productName,
        createdAt: t.createdAt,
        billingAddress: orders.billingAddress,
        shippingAddress: orders.shippingAddress,
      })
      .from(t)
      .innerJoin(orders, eq(orders.id, t.orderId))
      .where(and(eq(t.transactionId, params.transaction_id), eq(t.userId, principal.userId)));
    if (!transaction) throw new HttpError(404, invoiceNotFound);

    let billedTo: InvoiceData['billedTo'] = null;
    if (identity) {
      try {
        const contact = await identity.patientContact(principal.userId);
        const name = `${contact?.first_name ?? ''} ${contact?.last_name ?? ''}`.trim();
        if (contact)
          billedTo = {
            name: name || null,
            // The address the order was billed to when it was paid.
            addressLines: addressLinesOf(transaction.billingAddress ?? transaction.shippingAddress),
            email: contact.email,
          };
      } catch (err) {
        // The invoice is still right without the name: leave the block out rather than fail.
        runtime.logger.warn({ err }, 'patient contact unavailable for invoice');
      }
    }

    const pdf = await renderInvoicePdf({
      transactionId: transaction.transactionId,
      invoiceNumber: invoiceNumberOf(transaction.transactionId),
      orderNumber: orderNumber(transaction.orderId),
      issuedAt: transaction.createdAt,
      // The spec's page sends product_name; the invoice names what was actually paid for.
      description: invoiceDescription(transaction.productName),
      amountCents: transaction.amountCents,
      status: transaction.status === 'refunded' ? 'Refunded' : 'Paid',
      billedTo,
    });
    res
      .status(200)
      .set({
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="invoice-${filenameSafe(transaction.transactionId)}.pdf"`,
        'Cache-Control': 'private, no-store',
        'Content-Length': String(pdf.byteLength),
      })
      .end(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    return undefined;
  });
}
