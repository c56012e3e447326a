/**
 * Puts a submitted assessment (forms' `form-submitted`) in the review queue: waiting, or held
 * for the identity video when the state requires it and it is not in yet. The 24-hour promise
 * runs from the moment the case is complete. A refill check-in (the refill questionnaire before
 * a renewal shipment) brings an accepted case back, free for any clinician, to approve the next
 * strengths. Idempotent: a redelivery finds the case past awaiting-assessment, or the same
 * assessment already queued, and changes nothing; arriving before payment-succeeded it makes
 * the case.
 */
import { eq } from 'drizzle-orm';
import { formSubmitted } from '@clinic/contracts';
import { defineSubscriber, type ServiceRuntime } from '@clinic/kit';
import { cases } from '../db/schema';
import { reviewPromiseMs } from '../domain/case-summaries';

export function formSubmittedQueueSubscriber(runtime: ServiceRuntime) {
  return defineSubscriber({
    name: 'queue-submitted-assessments',
    event: formSubmitted,
    async handle(data, { tx }) {
      const submittedAt = new Date(data.submittedAt);
      await tx
        .insert(cases)
        .values({
          orderId: data.orderId,
          userId: data.userId,
          drug: data.drug,
          state: data.state,
          status: 'awaiting-assessment',
          updatedAt: runtime.clock.now(),
        })
        .onConflictDoNothing({ target: cases.orderId });
      const [row] = await tx
        .select()
        .from(cases)
        .where(eq(cases.orderId, data.orderId))
        .for('update');
      if (!row || row.assessmentId === data.assessmentId) return;
      if (data.form === 'refill' && row.status === 'accepted') {
        await tx
          .update(cases)
          .set({
            status: 'waiting',
            refillCheckIn: true,
            assessmentId: data.assessmentId,
            claimedBy: null,
            claimedAt: null,
            submittedAt,
            dueAt: new Date(submittedAt.getTime() + reviewPromiseMs),
            updatedAt: runtime.clock.now(),
          })
          .where(eq(cases.orderId, data.orderId));
        return;
      }
      if (row.status !== 'awaiting-assessment') return;
      const held = data.videoRequired && !row.videoReceived;
      await tx
        .update(cases)
        .set({
          state: data.state,
          status: held ? 'needs-video' : 'waiting',
          videoRequired: data.videoRequired,
          assessmentId: data.assessmentId,
          submittedAt,
          dueAt: held ? null : new Date(submittedAt.getTime() + reviewPromiseMs),
          updatedAt: runtime.clock.now(),
        })
        .where(eq(cases.orderId, data.orderId));
    },
  });
}
