/**
 * When a paid supply becomes a shipment: once the order's prescription is accepted and the
 * supply's date has come. The order's earliest supply is its first shipment; later ones are
 * refills. A closed order (denied, withdrawn) ships nothing more. Runs in the caller's
 * transaction; a supply gets at most one shipment (its shipment_id is set in the same one).
 */
import { and, asc, eq, gt, isNull, lte } from 'drizzle-orm';
import type { EventWriter, ServiceRuntime, Tx } from '@clinic/kit';
import { type orders, shipments, supplies } from '../db/schema';
import { shipDueSupply } from '../jobs/ship-due-supply';
import { acceptedPrescriptionOf, createShipment } from './shipments';

type OrderRow = typeof orders.$inferSelect;

export async function shipDueSupplies(
  runtime: ServiceRuntime,
  tx: Tx,
  events: EventWriter,
  order: OrderRow,
  now: Date,
): Promise<void> {
  if (order.closedAt) return;
  const rx = await acceptedPrescriptionOf(tx, order.orderId);
  if (!rx) return;
  const due = await tx
    .select()
    .from(supplies)
    .where(
      and(
        eq(supplies.orderId, order.orderId),
        isNull(supplies.shipmentId),
        lte(supplies.shipOn, now),
      ),
    )
    .orderBy(asc(supplies.shipOn), asc(supplies.id))
    .for('update');
  for (const supply of due) {
    const [first] = await tx
      .select({ id: shipments.id })
      .from(shipments)
      .where(and(eq(shipments.orderId, order.orderId), eq(shipments.kind, 'first')));
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
        waitingOn: 'pharmacy',
      },
      now,
    );
    await tx.update(supplies).set({ shipmentId: shipment.id }).where(eq(supplies.id, supply.id));
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
    await runtime.queue
      .job(shipDueSupply)
      .enqueueAfterCommit(
        tx,
        { orderId: order.orderId },
        { jobId: `supply-${supply.id}`, delayMs: supply.shipOn.getTime() - now.getTime() },
      );
}
