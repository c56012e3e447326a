/**
 * A prescription was accepted (forms' `prescription-accepted`: by the patient, or as written
 * after 12 hours): the clinic records who accepted and when, and the case is done. Idempotent:
 * only a pending prescription changes.
 */
import { and, eq } from 'drizzle-orm';
import { prescriptionAccepted } from '@clinic/contracts';
import { defineSubscriber, type ServiceRuntime } from '@clinic/kit';
import { cases, prescriptions } from '../db/schema';

export function prescriptionAcceptedRecordSubscriber(runtime: ServiceRuntime) {
  return defineSubscriber({
    name: 'record-accepted-prescriptions',
    event: prescriptionAccepted,
    async handle(data, { tx }) {
      const accepted = await tx
        .update(prescriptions)
        .set({
          status: 'accepted',
          acceptedBy: data.acceptedBy,
          acceptedAt: new Date(data.acceptedAt),
        })
        .where(
          and(
            eq(prescriptions.prescriptionId, data.prescriptionId),
            eq(prescriptions.status, 'pending'),
          ),
        )
        .returning({ orderId: prescriptions.orderId });
      if (accepted.length === 0) return;
      await tx
        .update(cases)
        .set({ status: 'accepted', updatedAt: runtime.clock.now() })
        .where(and(eq(cases.orderId, data.orderId), eq(cases.status, 'approved')));
    },
  });
}
