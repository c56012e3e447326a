import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  pharmacyProcessingDay,
  type ShipmentFilter,
  type ShipmentStatus,
  type ShipmentSummary,
} from '@clinic/contracts';
import type { Db, Tx } from '@clinic/kit';
import { patients, shipments } from '../db/schema';

export type ShipmentRow = typeof shipments.$inferSelect;

const filterStatuses: Record<ShipmentFilter, ShipmentStatus[]> = {
  'to-place': ['prescription_received', 'awaiting_check_in'],
  placed: ['order_placed'],
  paused: ['shipping_paused'],
  shipped: ['order_shipped'],
  delivered: ['order_delivered'],
};

/** The pharmacy's lists: work to do oldest first, what is done newest first. */
export async function shipmentQueue(
  db: Db,
  filter: ShipmentFilter,
  now: Date,
): Promise<ShipmentSummary[]> {
  const where = and(
    inArray(shipments.status, filterStatuses[filter]),
    isNull(shipments.cancelledAt),
  );
  const order =
    filter === 'to-place' || filter === 'paused' || filter === 'placed'
      ? [asc(shipments.readyAt), asc(shipments.id)]
      : [desc(shipments.updatedAt), desc(shipments.id)];
  const rows = await db
    .select()
    .from(shipments)
    .where(where)
    .orderBy(...order)
    .limit(200);
  return summariesOf(db, rows, now);
}

/** Every shipment of one checkout order, first to last: staff finding an order by its number. */
export async function shipmentsOfOrder(
  db: Db,
  orderId: number,
  now: Date,
): Promise<ShipmentSummary[]> {
  const rows = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), isNull(shipments.cancelledAt)))
    .orderBy(asc(shipments.id));
  return summariesOf(db, rows, now);
}

export async function summariesOf(
  db: Db | Tx,
  rows: ShipmentRow[],
  now: Date,
): Promise<ShipmentSummary[]> {
  if (rows.length === 0) return [];
  const people = await db
    .select({ userId: patients.userId, name: patients.name, state: patients.state })
    .from(patients)
    .where(
      inArray(
        patients.userId,
        rows.map((r) => r.userId),
      ),
    );
  const byUser = new Map(people.map((p) => [p.userId, p]));
  const placedNow = pharmacyProcessingDay(now);
  return rows.map((row) => {
    const person = byUser.get(row.userId);
    return {
      shipmentId: row.id,
      orderNumber: row.orderNumber,
      orderId: row.orderId,
      userId: row.userId,
      patientName: person?.name || `Patient #${row.userId}`,
      state: person?.state ?? row.shipTo?.state ?? null,
      kind: row.kind,
      drug: row.drug,
      medName: row.medName,
      vials: row.vials,
      status: row.status,
      coldChain: row.coldChain,
      readyAt: row.readyAt?.toISOString() ?? null,
      processingDay: row.processingDay ?? placedNow.date,
      sameDay: row.sameDay ?? placedNow.sameDay,
      carrier: row.carrier,
      trackingNumber: row.trackingNumber,
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

export async function shipmentById(db: Db | Tx, id: number): Promise<ShipmentRow | undefined> {
  const [row] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.id, id)));
  return row;
}
