import type { Router } from 'express';
import { downloadHsaReceipt } from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import { bindRoute, type ServiceRuntime } from '@clinic/kit';
import type { ClinicDetails } from '../domain/billing/clinic-details';
import {
  hsaReceiptOf,
  ReceiptNotFoundError,
  ReceiptUnavailableError,
} from '../domain/billing/hsa-receipt';
import { renderHsaReceiptPdf } from '../domain/billing/hsa-receipt-pdf';
import { findPatientCharge, fullNameOf } from '../domain/billing/patient-charge';
import { filenameSafe } from './invoice';

/**
 * GET /api/hsa-receipt/:transaction_id: the itemised HSA/FSA receipt of one of the caller's own
 * payments as a PDF, issued by the configured clinic. Another patient's payment, or an unknown
 * one, is the invoice's 404. The patient's name comes from identity: when identity cannot answer,
 * a 503 asks to try again rather than a receipt an administrator would refuse.
 */
export function hsaReceiptRoute(
  router: Router,
  runtime: ServiceRuntime,
  identity: IdentityDirectory | undefined,
  clinic: ClinicDetails,
): void {
  bindRoute(router, downloadHsaReceipt, async ({ params, principal, res }) => {
    const charge = await findPatientCharge(runtime.db, principal.userId, params.transaction_id);
    if (!charge) throw new ReceiptNotFoundError();

    let patientName: string | null = null;
    if (identity) {
      try {
        const contact = await identity.patientContact(principal.userId);
        patientName = contact ? fullNameOf(contact) : null;
      } catch (err) {
        runtime.logger.warn({ err }, 'patient contact unavailable for HSA/FSA receipt');
        throw new ReceiptUnavailableError();
      }
    }

    const pdf = await renderHsaReceiptPdf(
      hsaReceiptOf(charge, patientName, clinic),
      charge.createdAt,
    );
    res
      .status(200)
      .set({
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="hsa-fsa-receipt-${filenameSafe(charge.transactionId)}.pdf"`,
        'Cache-Control': 'private, no-store',
        'Content-Length': String(pdf.byteLength),
      })
      .end(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    return undefined;
  });
}
