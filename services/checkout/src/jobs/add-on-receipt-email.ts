/**
 * add-on-receipt-email: the receipt for an add-on charged on the upsell page after checkout (GLP
 * Anti-Nausea, $19.97): the order by its one number, the product by the name the patient bought,
 * the amount, the card's last four digits, the day and the charge, and a link to the portal's
 * Billing tab, where the receipt stays. Nothing medical beyond the product's name.
 * Queued once per charge (job id `add-on-receipt-<transactionId>`) in the transaction that
 * records the charge: it runs only if that commits, and is not lost once it has. The email goes
 * through the notifier's own job under the charge's id too, so a retry sends no second one.
 * Callers enqueue through `addOnReceipt` (name, payload, retries), typed by its schema.
 */
import { clinicTimeZone, formatUsDate, orderNumber } from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import { defineJob, type ServiceRuntime } from '@clinic/kit';
import { emailPatient } from '../domain/billing/billing-emails';
import { formatUsd } from '../domain/billing/invoice-pdf';
import {
  type AddOnReceipt,
  addOnReceipt,
  addOnReceiptJobId,
} from './definitions/add-on-receipt-email';

/** The portal's Billing tab (`/home?tab=billing`), where every payment's receipt is. */
export const billingTabPath = '/home?tab=billing';

export function addOnReceiptSubject(orderId: number): string {
  return `Your GLP Clinic receipt for order ${orderNumber(orderId)}`;
}

export function addOnReceiptLines(receipt: AddOnReceipt, publicUrl: string): string[] {
  const base = publicUrl.replace(/\/+$/, '');
  const card = receipt.cardLast4 ? `the card ending in ${receipt.cardLast4}` : 'your card';
  return [
    `Thank you. We added ${receipt.productName} to your order and charged ${card}.`,
    '',
    `Order: ${orderNumber(receipt.orderId)}`,
    `Added: ${receipt.productName}`,
    `Charged: ${formatUsd(receipt.amountCents)} on ${formatUsDate(receipt.chargedAt, clinicTimeZone)} (transaction ${receipt.transactionId})`,
    '',
    `This receipt is in your patient portal, under Billing: ${base}${billingTabPath}`,
    'Questions? Reply to this email or write to us from your portal.',
  ];
}

export function addOnReceiptJob(
  runtime: ServiceRuntime,
  identity: IdentityDirectory | undefined,
  publicUrl: string,
) {
  return defineJob({
    ...addOnReceipt,
    async handle(receipt) {
      await emailPatient(runtime, identity, receipt.userId, {
        subject: addOnReceiptSubject(receipt.orderId),
        lines: addOnReceiptLines(receipt, publicUrl),
        jobId: `${addOnReceiptJobId(receipt.transactionId)}-email`,
      });
    },
  });
}
