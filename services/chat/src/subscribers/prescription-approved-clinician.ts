/**
 * A clinician approved an order (`prescription-approved`): that clinician is the patient's
 * doctor for the order's visit from now on (they may differ from the one who first claimed it).
 * An approval that names no clinician, or comes before the visit is known, changes nothing;
 * a redelivery sets the same value again.
 */
import { eq } from 'drizzle-orm';
import { prescriptionApproved } from '@clinic/contracts';
import { defineSubscriber } from '@clinic/kit';
import { encounters } from '../db/schema';

export const prescriptionApprovedClinicianSubscriber = defineSubscriber({
  name: 'doctor-of-encounters',
  event: prescriptionApproved,
  async handle(data, { tx }) {
    if (data.clinicianId === undefined) return;
    await tx
      .update(encounters)
      .set({ clinicianId: data.clinicianId })
      .where(eq(encounters.orderId, data.orderId));
  },
});
