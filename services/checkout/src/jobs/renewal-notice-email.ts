/**
 * renewal-notice-email: the notice before a renewal charge (issue 31, item 5), 7 days before for
 * monthly plans and 15 for longer ones, as state automatic-renewal laws ask: the plan, the
 * amount, the date and the card, and the one tap to cancel in the portal's Billing tab.
 * Queued once per subscription and billing date (renewal-notices.ts) with the row that records
 * it; the notifier's own job id sends the email once however often the job runs. Sent only if
 * the subscription is still active and still renews on that date when the job runs. Nothing
 * medical: the plan's name and money only.
 */
import { and, eq } from 'drizzle-orm';
import { clinicTimeZone, formatUsDate } from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import { defineJob, type ServiceRuntime } from '@clinic/kit';
import { subscriptions } from '../db/schema';
import { emailPatient, planPhrase } from '../domain/billing/billing-emails';
import { formatUsd } from '../domain/billing/invoice-pdf';
import { billingTabPath } from './add-on-receipt-email';
import { renewalNotice, type RenewalNotice } from './definitions/renewal-notice-email';

export function renewalNoticeEmail(notice: RenewalNotice, publicUrl: string) {
  const billing = `${publicUrl.replace(/\/+$/, '')}${billingTabPath}`;
  const day = formatUsDate(notice.billingDate, clinicTimeZone);
  const card = notice.cardLast4 ? `the card ending in ${notice.cardLast4}` : 'your card on file';
  return {
    subject: `Your plan renews on ${day}`,
    lines: [
      `Your ${planPhrase(notice.planName)} renews automatically on ${day}. On that day we will charge ${formatUsd(notice.amountCents)} to ${card}.`,
      '',
      'You do not need to do anything to keep your treatment going.',
      `To cancel before then, open Billing in your patient portal and choose Cancel Subscription: ${billing}`,
      'Questions, or want to pause instead? Reply to this email or write to us from your portal.',
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
      // Cancelled or paused since it was queued, or renewed already: nothing to announce.
      const [still] = await runtime.db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.id, notice.subscriptionId),
            eq(subscriptions.status, 'active'),
            eq(subscriptions.nextBillingDate, new Date(notice.billingDate)),
          ),
        );
      if (!still) return;
      await emailPatient(runtime, identity, notice.userId, {
        ...renewalNoticeEmail(notice, publicUrl),
        jobId: `${jobId}-email`,
      });
    },
  });
}
