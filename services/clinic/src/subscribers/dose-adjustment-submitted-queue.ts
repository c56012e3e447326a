/**
 * The patient declined the prescription and asked for other doses (forms'
 * `dose-adjustment-submitted`): the request is kept and the case goes back to the queue, free
 * for any clinician to claim, as an adjustment request with a fresh 24-hour promise.
 * Idempotent: one adjustment per prescription (unique), a redelivery changes nothing.
 */
import { eq } from 'drizzle-orm';
import { doseAdjustmentSubmitted } from '@clinic/contracts';
import { defineSubscriber, type ServiceRuntime } from '@clinic/kit';
import { cases, doseAdjustments, prescriptions } from '../db/schema';
import { reviewPromiseMs } from '../domain/case-summaries';

export function doseAdjustmentSubmittedQueueSubscriber(runtime: ServiceRuntime) {
  return defineSubscriber({
    name: 'queue-dose-adjustments',
    event: doseAdjustmentSubmitted,
    async handle(data, { tx }) {
      const submittedAt = new Date(data.submittedAt);
      const stored = await tx
        .insert(doseAdjustments)
        .values({
          orderId: data.orderId,
          prescriptionId: data.prescriptionId,
          doseSchedule: data.doseSchedule,
          maintenanceDose: data.maintenanceDose,
          submittedAt,
        })
        .onConflictDoNothing()
        .returning({ id: doseAdjustments.id });
      if (stored.length === 0) return;
      await tx
        .update(prescriptions)
        .set({ status: 'adjustment-requested' })
        .where(eq(prescriptions.prescriptionId, data.prescriptionId));
      await tx
        .update(cases)
        .set({
          status: 'waiting',
          adjustmentRequested: true,
          claimedBy: null,
          claimedAt: null,
          dueAt: new Date(submittedAt.getTime() + reviewPromiseMs),
          updatedAt: runtime.clock.now(),
        })
        .where(eq(cases.orderId, data.orderId));
    },
  });
}
