/**
 * The email a patient gets when a renewal stays declined and the subscription is paused. Queued
 * once per missed period (the job id), after the pause has committed; nothing medical in it.
 */
import type { IdentityDirectory } from '@clinic/identity';
import type { ServiceRuntime } from '@clinic/kit';
import { formatUsd } from './invoice-pdf';

export interface PausedSubscription {
  subscriptionId: number;
  userId: number | null;
  planName: string;
  amountCents: number;
  periodStart: Date;
}

export async function sendPastDueEmail(
  runtime: ServiceRuntime,
  identity: IdentityDirectory | undefined,
  paused: PausedSubscription,
): Promise<void> {
  const contact =
    paused.userId !== null && identity ? await identity.patientContact(paused.userId) : null;
  if (!contact) {
    runtime.logger.warn(
      { subscriptionId: paused.subscriptionId },
      'subscription paused but the patient has no email to tell',
    );
    return;
  }
  const firstName = contact.first_name.trim();
  await runtime.notifier.send(
    {
      channel: 'email',
      to: contact.email,
      subject: 'Your payment did not go through',
      body: [
        firstName ? `Hi ${firstName},` : 'Hello,',
        '',
        `We could not charge ${formatUsd(paused.amountCents)} for your ${paused.planName} plan, after trying three times.`,
        'Your subscription is now past due and your next shipment is on hold.',
        '',
        'To continue your treatment, sign in to your patient portal, open Billing and choose Pay Now.',
        'You can update your card there as well.',
        '',
        'GLP Clinic',
      ].join('\n'),
    },
    {
      jobId: `past-due-${paused.subscriptionId}-${paused.periodStart.toISOString().slice(0, 10)}`,
    },
  );
}
