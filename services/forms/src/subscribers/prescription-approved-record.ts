/**
 * Keeps the clinician's prescription of an order (`prescription-approved`) for the patient's
 * confirmation page: the newest replaces an earlier one (a new prescription after a dose
 * adjustment) and waits for an answer again. Idempotent through the inbox; a redelivered older
 * prescription does not replace a newer one (by approvedAt). Each prescription it stores gets,
 * in the same transaction, its accept-unanswered-prescription job: with no answer within 12
 * hours it is accepted as written (see that job).
 */
import { eq, sql } from 'drizzle-orm';
import { prescriptionApproved } from '@clinic/contracts';
import { defineSubscriber, type ServiceRuntime } from '@clinic/kit';
import { orders, prescriptions } from '../db/schema';
import { scheduleUnansweredPrescriptionAcceptance } from '../jobs/definitions/accept-unanswered-prescription';

export function prescriptionApprovedRecordSubscriber(runtime: ServiceRuntime) {
  return defineSubscriber({
    name: 'keep-approved-prescriptions',
    event: prescriptionApproved,
    async handle(data, { tx }) {
      const [order] = await tx
        .select({ orderId: orders.orderId })
        .from(orders)
        .where(eq(orders.orderId, data.orderId))
        .for('update');
      // Forms learns every paid order before a clinician can review it: an unknown one is a
      // bug upstream, and failing (then dead-lettering) the event keeps it visible.
      if (!order) throw new Error(`prescription-approved for unknown order ${data.orderId}`);
      const approvedAt = new Date(data.approvedAt);
      const stored = await tx
        .insert(prescriptions)
        .values({
          orderId: data.orderId,
          prescriptionId: data.prescriptionId,
          userId: data.userId,
          drug: data.drug,
          items: data.items,
          doseSchedule: data.doseSchedule,
          maintenanceDose: data.maintenanceDose,
          approvedAt,
        })
        .onConflictDoUpdate({
          target: prescriptions.orderId,
          set: {
            prescriptionId: sql`excluded.prescription_id`,
            items: sql`excluded.items`,
            doseSchedule: sql`excluded.dose_schedule`,
            maintenanceDose: sql`excluded.maintenance_dose`,
            approvedAt: sql`excluded.approved_at`,
            answer: null,
            answeredAt: null,
          },
          setWhere: sql`${prescriptions.approvedAt} < excluded.approved_at`,
        })
        .returning({ orderId: prescriptions.orderId });
      if (stored.length === 0) return;
      await tx
        .update(orders)
        .set({ status: 'prescription_received', updatedAt: runtime.clock.now() })
        .where(eq(orders.orderId, data.orderId));
      await scheduleUnansweredPrescriptionAcceptance(runtime, tx, {
        orderId: data.orderId,
        prescriptionId: data.prescriptionId,
        approvedAt: approvedAt.toISOString(),
      });
    },
  });
}
