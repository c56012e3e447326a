/**
 * A prescription was accepted (by the patient, or as written after 12 hours): the order's first
 * shipment is made, ready for the pharmacist (and any supply already due after it); a refill
 * waiting for its check-in is released with this prescription when it was approved after the
 * check-in opened. The
 * approval travels on another topic and may not have arrived yet: then the event is refused and
 * the bus delivers it again, so an acceptance is never lost. Idempotent: a prescription is
 * accepted once and a supply gets one shipment.
 */
import { eq } from 'drizzle-orm';
import { prescriptionAccepted } from '@clinic/contracts';
import { defineSubscriber, type ServiceRuntime } from '@clinic/kit';
import { orders, prescriptions } from '../db/schema';
import { releaseRefills } from '../domain/refills';
import { shipDueSupplies } from '../domain/supplies';

export function prescriptionAcceptedShipmentsSubscriber(
  runtime: ServiceRuntime,
  publicUrl: string,
) {
  return defineSubscriber({
    name: 'ship-accepted-prescriptions',
    event: prescriptionAccepted,
    async handle(data, { tx, events }) {
      const [rx] = await tx
        .select()
        .from(prescriptions)
        .where(eq(prescriptions.prescriptionId, data.prescriptionId));
      const [order] = await tx
        .select()
        .from(orders)
        .where(eq(orders.orderId, data.orderId))
        .for('update');
      if (!rx || !order)
        throw new Error(
          `prescription ${data.prescriptionId} of order ${data.orderId} is not known yet; retried`,
        );
      if (rx.acceptedAt) return;
      await tx
        .update(prescriptions)
        .set({ acceptedAt: new Date(data.acceptedAt) })
        .where(eq(prescriptions.prescriptionId, data.prescriptionId));
      const now = runtime.clock.now();
      if (!order.closedAt) await releaseRefills(tx, events, rx, now);
      await shipDueSupplies(runtime, tx, events, order, now, publicUrl);
    },
  });
}
