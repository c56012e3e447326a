/**
 * A refill shipment waits for its check-in (status awaiting_check_in) until a prescription the
 * clinician approved after the check-in opened is accepted: then it takes that prescription (the
 * next strengths) and is ready for the pharmacy. An older prescription's acceptance releases
 * nothing, and neither does a supply a coming renewal has not paid yet (renewal-supply-upcoming):
 * the payment releases it (payment-succeeded-supplies), and a refill cancelled before its
 * renewal was charged never is. Runs in the caller's transaction; each shipment is released once.
 */
import { and, eq, isNull, lte, notExists } from 'drizzle-orm';
import { shipmentReleased } from '@clinic/contracts';
import type { EventWriter, Tx } from '@clinic/kit';
import { shipments, shipmentSteps, supplies, type prescriptions } from '../db/schema';
import { shipmentRef } from './shipments';

export async function releaseRefills(
  tx: Tx,
  events: EventWriter,
  rx: typeof prescriptions.$inferSelect,
  now: Date,
): Promise<void> {
  const waiting = await tx
    .select()
    .from(shipments)
    .where(
      and(
        eq(shipments.orderId, rx.orderId),
        eq(shipments.status, 'awaiting_check_in'),
        lte(shipments.createdAt, rx.approvedAt),
        isNull(shipments.cancelledAt),
        notExists(
          tx
            .select({ id: supplies.id })
            .from(supplies)
            .where(and(eq(supplies.shipmentId, shipments.id), eq(supplies.paid, false))),
        ),
      ),
    )
    .for('update');
  for (const shipment of waiting) {
    await tx
      .update(shipments)
      .set({
        status: 'prescription_received',
        prescriptionId: rx.prescriptionId,
        drug: rx.drug,
        readyAt: now,
        updatedAt: now,
      })
      .where(eq(shipments.id, shipment.id));
    await tx
      .insert(shipmentSteps)
      .values({ shipmentId: shipment.id, step: 'check-in approved', at: now });
    await events.publish(shipmentReleased, {
      ...shipmentRef(shipment),
      prescriptionId: rx.prescriptionId,
      releasedAt: now.toISOString(),
    });
  }
}
