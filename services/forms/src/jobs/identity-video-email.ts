/**
 * Job `forms-identity-video-email`: asks the patient for the identity video, and reminds them
 * once a day later (issue 26). The video is required in two ways: by the state's rule when a
 * bare-medication assessment is sent (forms decides it at submission: the ask now, the reminder
 * in 24 hours), or by the clinician (`appointment-required` of kind video: the clinic's own email
 * is the ask, so only the reminder is queued here).
 *
 * Guarantees:
 * - Queued in the transaction that makes the requirement (the submission, the subscriber's
 *   inbox transaction), so it exists if and only if that committed; the queue keeps it across a
 *   restart.
 * - One ask and one reminder per requirement: the job ids name the order and the moment the
 *   video was required, and the notifier's job id sends each email once however often the job
 *   runs.
 * - Sent only if, when it runs, the order still waits for that video: the assessment still asks
 *   for one, none was uploaded since it was required, and the order is still in review (not
 *   withdrawn, denied or prescribed). Otherwise it does nothing.
 * - Nothing medical in the email: the link to the video page and to the portal, where the same
 *   step waits on the Orders tab.
 */
import { and, desc, eq } from 'drizzle-orm';
import { stateName } from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import { defineJob, patientEmail, type ServiceRuntime } from '@clinic/kit';
import { assessments, orders, type FormsOrderStatus } from '../db/schema';
import { identityVideoEmail, type IdentityVideoEmail } from './definitions/identity-video-email';

/** The order is with the clinician: its assessment (or a dose adjustment) waits for review. */
const inReview: readonly FormsOrderStatus[] = ['submitted', 'dose_adjustment_submitted'];

/** The email's words: the ask, or the reminder; the state named when the state's rule asks. */
export function identityVideoEmailText(
  job: IdentityVideoEmail,
  state: string,
  publicUrl: string,
): { subject: string; body: string } {
  const base = publicUrl.replace(/\/+$/, '');
  const page = `${base}/upload-video/${job.orderId}?state=${encodeURIComponent(state)}`;
  const why =
    job.askedBy === 'state'
      ? `${stateName(state)} regulations ask us to see and hear you before your doctor reviews your medical assessment.`
      : 'Your doctor asked for a short identity video before approving your prescription.';
  const what =
    'Record a short video (30 to 60 seconds): say your full name and date of birth, then briefly why you are seeking weight loss medication. Informal is fine.';
  const portal = `You can also find this step on the Orders tab of your patient portal: ${base}/home`;
  return job.email === 'ask'
    ? {
        subject: 'Please record your identity video',
        body: `${why}\n\n${what}\n\nRecord or upload it here: ${page}\n\n${portal}`,
      }
    : {
        subject: 'Reminder: your identity video',
        body: `We have not received your identity video yet. ${why}\n\n${what}\n\nRecord or upload it here: ${page}\n\n${portal}`,
      };
}

export function identityVideoEmailJob(
  runtime: ServiceRuntime,
  identity: IdentityDirectory,
  publicUrl: string,
) {
  return defineJob({
    ...identityVideoEmail,
    async handle(job, { jobId }) {
      const [row] = await runtime.db
        .select({
          status: orders.status,
          state: assessments.state,
          videoRequired: assessments.videoRequired,
          videoUploadedAt: assessments.videoUploadedAt,
        })
        .from(orders)
        .innerJoin(assessments, eq(assessments.orderId, orders.orderId))
        .where(and(eq(orders.orderId, job.orderId), eq(orders.userId, job.userId)))
        .orderBy(desc(assessments.submittedAt), desc(assessments.id))
        .limit(1);
      // Withdrawn, denied or prescribed: nothing waits for a video any more.
      if (!row || !inReview.includes(row.status) || !row.videoRequired) return;
      if (row.videoUploadedAt && row.videoUploadedAt >= new Date(job.requiredAt)) return;
      // Outside any transaction: identity may share the embedded database's one connection.
      const contact = await identity.patientContact(job.userId);
      if (!contact) return;
      await runtime.notifier.send(
        patientEmail(contact, identityVideoEmailText(job, row.state, publicUrl)),
        { jobId: `sent-${jobId}` },
      );
    },
  });
}
