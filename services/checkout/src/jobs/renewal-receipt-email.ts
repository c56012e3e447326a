/**
 * renewal-receipt-email: the receipt of a renewal or Pay Now charge (issue 31, item 5): the
 * amount, the day, the card, the charge and the next renewal (or that the plan has ended), and
 * where it stays. Queued once per charge (job id `renewal-receipt-<transactionId>`) in the
 * transaction that records the charge: it runs only if that commits, and is not lost once it
 * has; the notifier's own job id sends the email once. Nothing medical: the plan and money.
 */
import { clinicTimeZone, formatUsDate, orderNumber } from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import { defineJob, type ServiceRuntime } from '@clinic/kit';
import { emailPatient, planPhrase } from '../domain/billing/billing-emails';
import { formatUsd } from '../domain/billing/invoice-pdf';
import { billingTabPath } from './add-on-receipt-email';
import { renewalReceipt, type RenewalReceipt } from './definitions/renewal-receipt-email';

export function renewalReceiptEmail(receipt: RenewalReceipt, publicUrl: string) {
  const billing = `${publicUrl.replace(/\/+$/, '')}${billingTabPath}`;
  const day = (iso: string) => formatUsDate(iso, clinicTimeZone);
  const card = receipt.cardLast4 ? `the card ending in ${receipt.cardLast4}` : 'your card on file';
  return {
    subject: `Your GLP Clinic receipt for order ${orderNumber(receipt.orderId)}`,
    lines: [
      `Thank you. We renewed your ${planPhrase(receipt.planName)} and charged ${card}.`,
      '',
      `Order: ${orderNumber(receipt.orderId)}`,
      `Charged: ${formatUsd(receipt.amountCents)} on ${day(receipt.chargedAt)} (transaction ${receipt.transactionId})`,
      receipt.nextBillingDate
        ? `Next renewal: ${day(receipt.nextBillingDate)}`
        : 'Your subscription has ended: there are no more renewals.',
      '',
      `This receipt is in your patient portal, under Billing: ${billing}`,
    ],
  };
}

export function renewalReceiptJob(
  runtime: ServiceRuntime,
  identity: IdentityDirectory | undefined,
  publicUrl: string,
) {
  return defineJob({
    ...renewalReceipt,
    async handle(receipt, { jobId }) {
      await emailPatient(runtime, identity, receipt.userId, {
        ...renewalReceiptEmail(receipt, publicUrl),
        jobId: `${jobId}-email`,
      });
    },
  });
}
