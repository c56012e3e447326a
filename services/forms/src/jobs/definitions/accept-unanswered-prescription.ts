/**
 * forms.accept-unanswered-prescription: accepts a prescription as written when the patient has
 * not answered within prescriptionAnswerHours; its id, payload and how it is scheduled.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { prescriptionAnswerHours } from '@clinic/contracts';
import { jobType, type ServiceRuntime, type Tx } from '@clinic/kit';

export const ACCEPT_UNANSWERED_PRESCRIPTION_JOB = 'accept-unanswered-prescription';

/** How long after its arrival an unanswered prescription is accepted as written. */
export const prescriptionAnswerMs = prescriptionAnswerHours * 60 * 60 * 1000;

export const acceptUnansweredPrescriptionPayload = z.object({
  orderId: z.number().int(),
  prescriptionId: z.string().min(1),
  /** The prescription's approval time: a re-approval under the same id is another prescription. */
  approvedAt: z.iso.datetime(),
});
export type AcceptUnansweredPrescriptionPayload = z.infer<
  typeof acceptUnansweredPrescriptionPayload
>;

export const acceptUnansweredPrescription = jobType({
  name: `forms.${ACCEPT_UNANSWERED_PRESCRIPTION_JOB}`,
  formerNames: [ACCEPT_UNANSWERED_PRESCRIPTION_JOB],
  schema: acceptUnansweredPrescriptionPayload,
  // Only a failing database makes it throw; the checks under the lock make a re-run harmless.
  attempts: 8,
  backoffMs: 5000,
});

const SAFE_ID = /^[A-Za-z0-9_.-]{1,100}$/;

/**
 * The job's id, one per stored prescription. A prescription id made only of job-id characters is
 * kept readable; any other is hashed (a distinct marker keeps the two forms from colliding).
 */
export function acceptUnansweredPrescriptionJobId(
  payload: AcceptUnansweredPrescriptionPayload,
): string {
  const approvedAt = new Date(payload.approvedAt).getTime();
  const prescription = SAFE_ID.test(payload.prescriptionId)
    ? `id.${payload.prescriptionId}`
    : `sha256.${createHash('sha256').update(payload.prescriptionId).digest('hex')}`;
  return `accept-unanswered-${payload.orderId}-${approvedAt}.${prescription}`;
}

/**
 * Schedules the job of a prescription stored in `tx` (the subscriber's transaction): it runs
 * `prescriptionAnswerHours` from now only if `tx` commits.
 */
export function scheduleUnansweredPrescriptionAcceptance(
  runtime: ServiceRuntime,
  tx: Tx,
  payload: AcceptUnansweredPrescriptionPayload,
): Promise<string> {
  return runtime.queue.job(acceptUnansweredPrescription).enqueueAfterCommit(tx, payload, {
    delayMs: prescriptionAnswerMs,
    jobId: acceptUnansweredPrescriptionJobId(payload),
  });
}
