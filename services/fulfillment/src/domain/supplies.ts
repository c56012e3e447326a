/**
 * When a paid supply becomes a shipment, once the order's prescription is accepted. The order's
 * earliest supply is its first shipment, ready for the pharmacy at once. Every later supply is a
 * refill: 7 days before its date it becomes a shipment that waits for the patient's refill
 * check-in (`refill-check-in-due`; forms opens the refill questionnaire, the clinician approves
 * the next strength, the patient accepts, and the shipment is released). A closed order (denied,
 * withdrawn) ships nothing more. Runs in the caller's transaction; a supply gets at most one
 * shipment (its shipment_id is set in the same transaction).
 */
import { and, asc, eq, gt, isNull, lte } from 'drizzle-orm';
import { refillCheckInDue, refillCheckInLeadDays } from '@clinic/contracts';
import { patientMessage, type EventWriter, type ServiceRuntime, type Tx } from '@clinic/kit';
import { type orders, shipments, supplies } from '../db/schema';
import { shipDueSupply } from '../jobs/definitions/ship-due-supply';
import { refillEmails } from './patient-messages';
import { acceptedPrescriptionOf, createShipment, shipmentRef } from './shipments';

const leadMs = refillCheckInLeadDays * 24 * 60 * 60 * 1000;

type OrderRow = typeof orders.$inferSelect;

export async function shipDueSupplies(
  runtime: ServiceRuntime,
  tx: Tx,
  events: EventWriter,
  order: OrderRow,
  now: Date,
  publicUrl: string,
): Promise<void> {
  if (order.closedAt) return;
  const rx = await acceptedPrescriptionOf(tx, order.orderId);
  if (!rx) return;
  const horizon = new Date(now.getTime() + leadMs);
  const due = await tx
    .select()
    .from(supplies)
    .where(
      and(
        eq(supplies.orderId, order.orderId),
        isNull(supplies.shipmentId),
        lte(supplies.shipOn, horizon),
      ),
    )
    .orderBy(asc(supplies.shipOn), asc(supplies.id))
    .for('update');
  for (const supply of due) {
    const [first] = await tx
      .select({ id: shipments.id })
      .from(shipments)
      .where(and(eq(shipments.orderId, order.orderId), eq(shipments.kind, 'first')));
    // The first supply ships now; a refill waits until its date comes within the lead time.
    if (!first && supply.shipOn > now) continue;
    const shipment = await createShipment(
      runtime,
      tx,
      events,
      {
        orderId: order.orderId,
        userId: order.userId,
        kind: first ? 'refill' : 'first',
        replaces: null,
        prescriptionId: rx.prescriptionId,
        drug: rx.drug,
        vials: supply.vials,
        waitingOn: first ? 'check-in' : 'pharmacy',
      },
      now,
    );
    await tx.update(supplies).set({ shipmentId: shipment.id }).where(eq(supplies.id, supply.id));
    if (first) {
      await events.publish(refillCheckInDue, {
        ...shipmentRef(shipment),
        shipOn: supply.shipOn.toISOString(),
        dueAt: now.toISOString(),
      });
      await runtime.queue.job(patientMessage).enqueueAfterCommit(
        tx,
        {
          userId: order.userId,
          ...refillEmails.checkInDue(shipment.orderNumber, supply.shipOn, order.orderId, publicUrl),
        },
        { jobId: `check-in-${shipment.id}` },
      );
    }
  }
  const later = await tx
    .select({ id: supplies.id, shipOn: supplies.shipOn })
    .from(supplies)
    .where(
      and(
        eq(supplies.orderId, order.orderId),
        isNull(supplies.shipmentId),
        gt(supplies.shipOn, now),
      ),
    );
  for (const supply of later)
    await runtime.queue.job(shipDueSupply).enqueueAfterCommit(
      tx,
      { orderId: order.orderId },
      {
        jobId: `supply-${supply.id}`,
        delayMs: supply.shipOn.getTime() - leadMs - now.getTime(),
      },
    );
}
