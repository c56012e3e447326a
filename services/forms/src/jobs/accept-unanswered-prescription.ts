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
import { eq } from 'drizzle-orm';
import { prescriptionAccepted } from '@clinic/contracts';
import { defineJob, type ServiceRuntime } from '@clinic/kit';
import { orders, prescriptions } from '../db/schema';
import { acceptUnansweredPrescription } from './definitions/accept-unanswered-prescription';

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
