/**
 * A clinician approved a prescription (clinic's `prescription-approved`): fulfilment keeps what
 * the pharmacy will fill (items, directions, dose schedule). A newer prescription of the order
 * supersedes the older ones. Idempotent: stored once by its id.
 */
import { and, eq, lt } from 'drizzle-orm';
import { prescriptionApproved } from '@clinic/contracts';
import { defineSubscriber } from '@clinic/kit';
import { prescriptions } from '../db/schema';

export const prescriptionApprovedRecordSubscriber = defineSubscriber({
  name: 'record-approved-prescriptions',
  event: prescriptionApproved,
  async handle(data, { tx }) {
    const approvedAt = new Date(data.approvedAt);
    await tx
      .insert(prescriptions)
      .values({
        prescriptionId: data.prescriptionId,
        orderId: data.orderId,
        userId: data.userId,
        drug: data.drug,
        items: data.items,
        doseSchedule: data.doseSchedule,
        maintenanceDose: data.maintenanceDose,
        approvedAt,
      })
      .onConflictDoNothing({ target: prescriptions.prescriptionId });
    await tx
      .update(prescriptions)
      .set({ superseded: true })
      .where(
        and(eq(prescriptions.orderId, data.orderId), lt(prescriptions.approvedAt, approvedAt)),
      );
  },
});
