import type { Router } from 'express';
import { downloadInvoice, orderNumber } from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import { bindRoute, HttpError, type ServiceRuntime } from '@clinic/kit';
import { demoClinicDetails, type ClinicDetails } from '../domain/billing/clinic-details';
import {
  addressLinesOf,
  invoiceDescription,
  invoiceNumberOf,
  renderInvoicePdf,
  type InvoiceData,
} from '../domain/billing/invoice-pdf';
import { findPatientCharge, fullNameOf, paymentNotFound } from '../domain/billing/patient-charge';

/** What may stand in a quoted filename of a Content-Disposition header. */
export function filenameSafe(id: string): string {
  return id.replace(/[^A-Za-z0-9_.-]/g, '_');
}

/**
 * GET /api/invoice/:transaction_id: the invoice of one of the caller's own payments as a PDF.
 * Another patient's transaction, or an unknown one, is the same 404 (nothing is revealed).
 * Billed to: the patient's full name and email (from `identity`) and the address the order was
 * billed to (its billing address, else its shipping address); without identity, or for an
 * unknown patient, that block is left out. Issued by the configured clinic (its name, address).
 */
export function invoiceRoute(
  router: Router,
  runtime: ServiceRuntime,
  identity?: IdentityDirectory,
  clinic: ClinicDetails = demoClinicDetails,
): void {
  bindRoute(router, downloadInvoice, async ({ params, principal, res }) => {
    const transaction = await findPatientCharge(
      runtime.db,
      principal.userId,
      params.transaction_id,
    );
    if (!transaction) throw new HttpError(404, paymentNotFound);

    let billedTo: InvoiceData['billedTo'] = null;
    if (identity) {
      try {
        const contact = await identity.patientContact(principal.userId);
        if (contact)
          billedTo = {
            name: fullNameOf(contact),
            // The address the order was billed to when it was paid.
            addressLines: addressLinesOf(transaction.billingAddress ?? transaction.shippingAddress),
            email: contact.email,
          };
      } catch (err) {
        // The invoice is still right without the name: leave the block out rather than fail.
        runtime.logger.warn({ err }, 'patient contact unavailable for invoice');
      }
    }

    const pdf = await renderInvoicePdf(
      {
        transactionId: transaction.transactionId,
        invoiceNumber: invoiceNumberOf(transaction.transactionId),
        orderNumber: orderNumber(transaction.orderId),
        issuedAt: transaction.createdAt,
        // The spec's page sends product_name; the invoice names what was actually paid for.
        description: invoiceDescription(transaction.productName),
        amountCents: transaction.amountCents,
        status: transaction.status === 'refunded' ? 'Refunded' : 'Paid',
        billedTo,
      },
      clinic,
    );
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
