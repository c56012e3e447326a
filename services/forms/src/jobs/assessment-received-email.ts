/**
 * assessment-received-email: tells the patient that their medical assessment arrived and what
 * happens next.
 *
 * Guarantees:
 * - Once per order: queued (enqueueAfterCommit) in the transaction that stores the order's first
 *   assessment, with the job id `assessment-received-<orderId>`, so it goes if and only if the
 *   submission stands, is kept by the queue across a restart, and a refill check-in of the same
 *   order queues nothing.
 * - The address is looked up when the job runs, outside the submission's transaction (identity is
 *   another service, and may share the embedded database's one connection). A patient identity no
 *   longer knows is not emailed. The email's own delivery is the notifier's job (retried on a
 *   transport failure), named after this one so a re-run sends nothing twice.
 * - Nothing medical in it: no answer, no drug, no dose; only that the assessment arrived and the
 *   next steps, which are all in the patient's portal.
 */
import type { IdentityDirectory } from '@clinic/identity-client';
import { defineJob, patientEmail, type ServiceRuntime } from '@clinic/kit';
import {
  assessmentReceived,
  type AssessmentReceived,
} from './definitions/assessment-received-email';

export const assessmentReceivedSubject = 'We received your medical assessment';

export function assessmentReceivedLines(received: AssessmentReceived): string[] {
  const next = received.videoRequired
    ? [
        'Your state asks for a short identity video before a doctor can review your assessment.',
        'Sign in to your patient portal and open Orders: the link to record it is there.',
        'A licensed physician reviews your assessment within 24 hours of receiving the video.',
      ]
    : [
        'A licensed physician reviews it within 24 hours. If you are not approved, you get a full refund.',
      ];
  return [
    'Thank you. We received your medical assessment.',
    '',
    ...next,
    '',
    'You can follow every step of your order in your patient portal, and message us there if you have a question.',
  ];
}

export function assessmentReceivedEmailJob(runtime: ServiceRuntime, identity: IdentityDirectory) {
  return defineJob({
    ...assessmentReceived,
    async handle(received, { jobId }) {
      const contact = await identity.patientContact(received.userId);
      if (!contact) {
        runtime.logger.warn({ orderId: received.orderId }, 'no email address for the patient');
        return;
      }
      await runtime.notifier.send(
        patientEmail(contact, {
          subject: assessmentReceivedSubject,
          body: assessmentReceivedLines(received).join('\n'),
          signedBy: 'clinic',
        }),
        { jobId: `sent-${jobId}` },
      );
    },
  });
}
