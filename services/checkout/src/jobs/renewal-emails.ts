/**
 * The emails around a renewal charge (issue 31, item 5):
 * - renewal-notice-email: before the charge (7 days for monthly plans, 15 for longer ones, as
 *   state automatic-renewal laws ask) the plan, the amount, the date and the card, and the one
 *   tap to cancel in the portal's Billing tab;
 * - renewal-receipt-email: after it, the receipt (the amount, the day, the card, the charge, the
 *   next renewal) and where it stays.
 * Each is queued once (job ids name the subscription and date, or the charge) with the change
 * that calls for it, and the notifier's own job id sends each email once however often it runs.
 * Nothing medical: the plan's name and money only.
 */
import { clinicTimeZone, formatUsDate, orderNumber } from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import { defineJob, type ServiceRuntime } from '@clinic/kit';
import { emailPatient, planPhrase } from '../domain/billing/billing-emails';
import { formatUsd } from '../domain/billing/invoice-pdf';
import { billingTabPath } from './add-on-receipt-email';
import { renewalNotice, type RenewalNotice } from './definitions/renewal-notice-email';
import { renewalReceipt, type RenewalReceipt } from './definitions/renewal-receipt-email';

const cardOf = (last4: string | null) =>
  last4 ? `the card ending in ${last4}` : 'your card on file';
const day = (iso: string) => formatUsDate(iso, clinicTimeZone);

export function renewalNoticeEmail(notice: RenewalNotice, publicUrl: string) {
  const billing = `${publicUrl.replace(/\/+$/, '')}${billingTabPath}`;
  return {
    subject: `Your plan renews on ${day(notice.billingDate)}`,
    lines: [
      `Your ${planPhrase(notice.planName)} renews automatically on ${day(notice.billingDate)}. On that day we will charge ${formatUsd(notice.amountCents)} to ${cardOf(notice.cardLast4)}.`,
      '',
      'You do not need to do anything to keep your treatment going.',
      `To cancel before then, open Billing in your patient portal and choose Cancel Subscription: ${billing}`,
      'Questions, or want to pause instead? Reply to this email or write to us from your portal.',
    ],
  };
}

export function renewalReceiptEmail(receipt: RenewalReceipt, publicUrl: string) {
  const billing = `${publicUrl.replace(/\/+$/, '')}${billingTabPath}`;
  return {
    subject: `Your GLP Clinic receipt for order ${orderNumber(receipt.orderId)}`,
    lines: [
      `Thank you. We renewed your ${planPhrase(receipt.planName)} and charged ${cardOf(receipt.cardLast4)}.`,
      '',
      `Order: ${orderNumber(receipt.orderId)}`,
      `Charged: ${formatUsd(receipt.amountCents)} on ${day(receipt.chargedAt)} (transaction ${receipt.transactionId})`,
      `Next renewal: ${day(receipt.nextBillingDate)}`,
      '',
      `This receipt is in your patient portal, under Billing: ${billing}`,
    ],
  };
}

export function renewalNoticeJob(
  runtime: ServiceRuntime,
  identity: IdentityDirectory | undefined,
  publicUrl: string,
) {
  return defineJob({
    ...renewalNotice,
    async handle(notice, { jobId }) {
      await emailPatient(runtime, identity, notice.userId, {
        ...renewalNoticeEmail(notice, publicUrl),
        jobId: `${jobId}-email`,
      });
    },
  });
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
