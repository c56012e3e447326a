/**
 * Job `accept-unanswered-prescription`: the 12-hour rule of spec 002 ("If we don't hear from you
 * within 12 hours, your order will be shipped as written").
 *
 * Guarantees:
 * - One job per stored prescription (its id is derived from the order, the prescription and its
 *   approval time), enqueued after commit by the approved-prescriptions subscriber in the
 *   transaction that stores it: it exists if and only if the prescription was stored, and, kept
 *   by the queue, is not lost across a restart.
 * - It runs `prescriptionAnswerHours` after the prescription reached the patient. With the
 *   order row locked (`for update`, the lock the patient's own answer takes), it accepts the
 *   prescription as written only if that prescription is still the order's current one and is
 *   still unanswered: the order is marked `prescription_accepted` (as the patient's Approve
 *   does) and `prescription-accepted` is published with `acceptedBy: 'timeout'` in the same
 *   transaction. The patient's answer and this job thus serialize on that row and exactly one of
 *   them wins; the loser finds the order no longer waiting (the patient's answer is refused as
 *   for any answered prescription, the job does nothing).
 * - Otherwise (answered, accepted or declined; replaced by a newer prescription after a dose
 *   adjustment, which has its own job; the order withdrawn or denied) it does nothing. Running it
 *   again, or a redelivery, therefore changes nothing: it publishes at most once.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { prescriptionAccepted, prescriptionAnswerHours } from '@clinic/contracts';
import { defineJob, jobType, type ServiceRuntime, type Tx } from '@clinic/kit';
import { orders, prescriptions } from '../db/schema';

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
  name: ACCEPT_UNANSWERED_PRESCRIPTION_JOB,
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

export function acceptUnansweredPrescriptionJob(runtime: ServiceRuntime) {
  return defineJob({
    ...acceptUnansweredPrescription,
    async handle(payload) {
      await runtime.transaction(async (tx, events) => {
        // The order row first, as the patient's answer and the subscriber lock it.
        const [order] = await tx
          .select()
          .from(orders)
          .where(eq(orders.orderId, payload.orderId))
          .for('update');
        if (!order || order.status !== 'prescription_received') return;
        const [prescription] = await tx
          .select()
          .from(prescriptions)
          .where(eq(prescriptions.orderId, payload.orderId))
          .for('update');
        const current =
          prescription !== undefined &&
          prescription.prescriptionId === payload.prescriptionId &&
          prescription.approvedAt.getTime() === new Date(payload.approvedAt).getTime();
        if (!current || prescription.answer !== null) return;
        const now = runtime.clock.now();
        await tx
          .update(prescriptions)
          .set({ answer: 'accepted', answeredAt: now })
          .where(eq(prescriptions.orderId, payload.orderId));
        await tx
          .update(orders)
          .set({ status: 'prescription_accepted', updatedAt: now })
          .where(eq(orders.orderId, payload.orderId));
        await events.publish(prescriptionAccepted, {
          orderId: order.orderId,
          userId: order.userId,
          prescriptionId: prescription.prescriptionId,
          acceptedBy: 'timeout',
          acceptedAt: now.toISOString(),
        });
      });
    },
  });
}
