/**
 * The billing emails checkout sends a patient: one shape (a greeting by first name, the text,
 * the clinic's name), queued with a job id so a repeat sends nothing new. Nothing medical in
 * them. A patient identity does not know is logged, not emailed.
 */
import type { IdentityDirectory } from '@clinic/identity-client';
import { patientEmail, type ServiceRuntime } from '@clinic/kit';
import { formatUsd } from './invoice-pdf';

interface BillingEmail {
  subject: string;
  /** Paragraph lines between the greeting and the signature. */
  lines: string[];
  jobId: string;
}

/** Sends `email` to the patient; false when there is no one to send it to. */
export async function emailPatient(
  runtime: ServiceRuntime,
  identity: IdentityDirectory | undefined,
  userId: number | null,
  email: BillingEmail,
): Promise<boolean> {
  const contact = userId !== null && identity ? await identity.patientContact(userId) : null;
  if (!contact) {
    runtime.logger.warn({ userId, subject: email.subject }, 'no email address for the patient');
    return false;
  }
  await runtime.notifier.send(
    patientEmail(contact, {
      subject: email.subject,
      body: email.lines.join('\n'),
      signedBy: 'clinic',
    }),
    { jobId: email.jobId.slice(0, 200) },
  );
  return true;
}

/**
 * A plan as a sentence names it: "Tirzepatide Monthly Plan" as it is, "Tirzepatide 6-Month" as
 * "Tirzepatide 6-Month plan" (never "Monthly Plan plan").
 */
export function planPhrase(planName: string): string {
  const name = planName.trim();
  return /plan$/i.test(name) ? name : `${name} plan`;
}

export interface PausedSubscription {
  subscriptionId: number;
  userId: number | null;
  planName: string;
  amountCents: number;
  periodStart: Date;
}

/** Sent once per missed period, after the pause has committed. */
export async function sendPastDueEmail(
  runtime: ServiceRuntime,
  identity: IdentityDirectory | undefined,
  paused: PausedSubscription,
): Promise<void> {
  await emailPatient(runtime, identity, paused.userId, {
    subject: 'Your payment did not go through',
    lines: [
      `We could not charge ${formatUsd(paused.amountCents)} for your ${planPhrase(paused.planName)}, after trying three times.`,
      'Your subscription is now past due and your next shipment is on hold.',
      '',
      'To continue your treatment, sign in to your patient portal, open Billing and choose Pay Now.',
      'You can update your card there as well.',
    ],
    jobId: `past-due-${paused.subscriptionId}-${paused.periodStart.toISOString().slice(0, 10)}`,
  });
}
