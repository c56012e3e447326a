/**
 * order-confirmation-email: the receipt a patient gets after paying at checkout, with the order,
 * the plan, the amount and what happens next, and links to the medical form and the portal.
 * Queued once per order (job id `order-confirmation-<orderId>`) by the payment-succeeded
 * subscriber; the email itself goes through the notifier's own job (retried on transport
 * failure). Nothing medical in it. A guest checkout without an account has no one to email.
 * Callers enqueue through `orderConfirmation` (name, payload, retries), typed by its schema.
 */
import { orderNumber, paymentTermLabels, type PaymentTerm } from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import { defineJob, type ServiceRuntime } from '@clinic/kit';
import { emailPatient } from '../domain/billing/billing-emails';
import { formatUsd } from '../domain/billing/invoice-pdf';
import { type OrderConfirmation, orderConfirmation } from './definitions/order-confirmation-email';

/** "Tirzepatide Half Yearly Plan (billed every 6 months)": the term once, however named. */
function planLine(
  productName: string,
  term: { name: string; billing: string } | undefined,
): string {
  if (!term) return productName;
  const named = productName.includes(term.name) ? productName : `${productName}, ${term.name}`;
  return `${named} (${term.billing})`;
}

export function orderConfirmationLines(order: OrderConfirmation, publicUrl: string): string[] {
  const base = publicUrl.replace(/\/+$/, '');
  const term = paymentTermLabels[order.paymentTerms as PaymentTerm];
  return [
    'Thank you for your order. Your payment went through.',
    '',
    `Order: ${orderNumber(order.orderId)}`,
    `Plan: ${planLine(order.productName, term)}`,
    `Charged today: ${formatUsd(order.amountCents)} (transaction ${order.transactionId})`,
    '',
    'What happens next:',
    '1. Confirm your address, phone and email, then complete your medical assessment (5-10 minutes):',
    `   ${base}/medical-form/${order.orderId}`,
    '2. A licensed physician reviews it within 24 hours. If you are not approved, you get a full refund.',
    '3. Once approved, the pharmacy processes your order the same day when it is placed before 3 PM Pacific, Monday to Thursday.',
    '4. It ships free by 2-day express, cold-packed, with tracking in your portal.',
    '',
    `Your patient portal (orders, billing and receipts): ${base}/home`,
    'Questions? Reply to this email or write to us from your portal.',
  ];
}

export function orderConfirmationJob(
  runtime: ServiceRuntime,
  identity: IdentityDirectory | undefined,
  publicUrl: string,
) {
  return defineJob({
    ...orderConfirmation,
    async handle(order) {
      await emailPatient(runtime, identity, order.userId, {
        subject: `Your GLP Clinic order ${orderNumber(order.orderId)} is confirmed`,
        lines: orderConfirmationLines(order, publicUrl),
        jobId: `order-confirmation-email-${order.orderId}`,
      });
    },
  });
}
