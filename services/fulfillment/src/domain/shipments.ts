/**
 * The pharmacy's steps of a shipment (spec 002 section 4: order_placed, shipping_paused,
 * order_shipped, order_delivered). Each runs in one transaction under the shipment's row lock:
 * the step, its history line, its audit line, its event and the patient's email (a job queued
 * with the transaction) stand together or not at all, and a step out of order changes nothing.
 * Placing refuses an address in a state the per-state rules in force do not ship to.
 */
import { and, asc, count, desc, eq } from 'drizzle-orm';
import {
  normalizeTrackingNumber,
  orderDelivered,
  orderNumber,
  orderPlaced,
  orderShipped,
  pharmacyMessages,
  pharmacyProcessingDay,
  shipmentCreated,
  shippingPaused,
  stateCodeOf,
  stateName,
  trackingNumberProblem,
  unservedStateMessage,
  type Carrier,
  type ShipmentKind,
  type ShipmentSummary,
  type ShipmentView,
} from '@clinic/contracts';
import {
  ConflictError,
  InvalidRequestError,
  NotFoundError,
  patientMessage,
  type EventWriter,
  type PatientMessageText,
  type ServiceRuntime,
  type Tx,
} from '@clinic/kit';
import { addresses, patients, prescriptions, shipments, shipmentSteps } from '../db/schema';
import { rememberPatient } from '../jobs/definitions/remember-patient';
import { fulfillmentAudit } from './audit';
import { shipmentEmails } from './patient-messages';
import { summariesOf, type ShipmentRow } from './shipment-summaries';
import type { FulfillmentStateRules } from '../subscribers/state-rules-changed-copy';
import type { Pharmacist } from './staff';

export interface NewShipment {
  orderId: number;
  userId: number;
  kind: ShipmentKind;
  replaces: number | null;
  prescriptionId: string;
  drug: 'semaglutide' | 'tirzepatide';
  vials: number;
  /** A refill waits for its check-in; everything else is ready for the pharmacist. */
  waitingOn: 'pharmacy' | 'check-in';
}

/** What the pharmacy fills: the drug's name as the label reads. */
export function medNameOf(drug: 'semaglutide' | 'tirzepatide'): string {
  return drug === 'semaglutide'
    ? 'Compounded Semaglutide injection'
    : 'Compounded Tirzepatide injection';
}

/**
 * Makes a shipment (an order's first supply, a refill, a replacement) in the caller's
 * transaction and announces it. Its number is the order's (contracts' `orderNumber`), a refill or
 * replacement labelled with its count among the order's shipments of that kind: "#1042",
 * "#1042 (refill 2)".
 */
export async function createShipment(
  runtime: ServiceRuntime,
  tx: Tx,
  events: EventWriter,
  shipment: NewShipment,
  now: Date,
): Promise<ShipmentRow> {
  const [{ made } = { made: 0 }] = await tx
    .select({ made: count() })
    .from(shipments)
    .where(and(eq(shipments.orderId, shipment.orderId), eq(shipments.kind, shipment.kind)));
  const medName = medNameOf(shipment.drug);
  const [row] = await tx
    .insert(shipments)
    .values({
      orderNumber: orderNumber(shipment.orderId, { kind: shipment.kind, sequence: made + 1 }),
      orderId: shipment.orderId,
      userId: shipment.userId,
      kind: shipment.kind,
      replaces: shipment.replaces,
      prescriptionId: shipment.prescriptionId,
      drug: shipment.drug,
      medName,
      vials: shipment.vials,
      status: shipment.waitingOn === 'pharmacy' ? 'prescription_received' : 'awaiting_check_in',
      coldChain: true,
      readyAt: shipment.waitingOn === 'pharmacy' ? now : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await tx
    .insert(shipmentSteps)
    .values({ shipmentId: row!.id, step: `created (${shipment.kind})`, at: now });
  await events.publish(shipmentCreated, {
    shipmentId: row!.id,
    orderNumber: row!.orderNumber,
    orderId: row!.orderId,
    userId: row!.userId,
    kind: shipment.kind,
    replaces: shipment.replaces,
    vials: shipment.vials,
    medName,
    waitingOn: shipment.waitingOn,
    createdAt: now.toISOString(),
  });
  await runtime.queue
    .job(rememberPatient)
    .enqueueAfterCommit(
      tx,
      { userId: shipment.userId },
      { jobId: `patient-${shipment.userId}-${row!.id}` },
    );
  return row!;
}

export class Shipments {
  constructor(
    private readonly runtime: ServiceRuntime,
    private readonly publicUrl: string,
    private readonly stateRules: FulfillmentStateRules,
  ) {}

  async place(id: number, who: Pharmacist): Promise<ShipmentSummary> {
    // Read before the transaction: the embedded database has one connection, which it holds.
    const { value: rules } = await this.stateRules.get();
    return this.step(id, who, 'shipment.place', async (tx, events, row, now) => {
      if (row.status === 'awaiting_check_in')
        throw new ConflictError(pharmacyMessages.waitingForCheckIn);
      if (row.status !== 'prescription_received' && row.status !== 'shipping_paused')
        throw new ConflictError(pharmacyMessages.notNow(row.status));
      const resumed = row.status === 'shipping_paused' && row.placedAt !== null;
      const [address] = await tx.select().from(addresses).where(eq(addresses.userId, row.userId));
      if (!address) throw new ConflictError(pharmacyMessages.noAddress);
      if (unservedStateMessage(rules, address.address.state))
        throw new ConflictError(
          pharmacyMessages.cannotShipTo(stateName(stateCodeOf(address.address.state))),
        );
      const processing = pharmacyProcessingDay(now);
      await tx
        .update(shipments)
        .set({
          status: 'order_placed',
          placedAt: row.placedAt ?? now,
          processingDay: processing.date,
          sameDay: processing.sameDay,
          updatedAt: now,
        })
        .where(eq(shipments.id, row.id));
      await this.history(tx, row, who, resumed ? 'resumed' : 'placed', now);
      await events.publish(orderPlaced, {
        ...shipmentRef(row),
        processingDay: processing.date,
        sameDay: processing.sameDay,
        resumed,
        placedAt: now.toISOString(),
      });
      await this.email(
        tx,
        row,
        `${resumed ? 'resumed' : 'placed'}-${row.id}-${now.getTime()}`,
        resumed
          ? shipmentEmails.resumed(row.orderNumber, processing.date)
          : shipmentEmails.placed(row.orderNumber, processing.date, processing.sameDay),
      );
    });
  }

  async pause(id: number, who: Pharmacist, reason: string): Promise<ShipmentSummary> {
    return this.step(id, who, 'shipment.pause', async (tx, events, row, now) => {
      if (row.status !== 'prescription_received' && row.status !== 'order_placed')
        throw new ConflictError(pharmacyMessages.notNow(row.status));
      await tx
        .update(shipments)
        .set({ status: 'shipping_paused', updatedAt: now })
        .where(eq(shipments.id, row.id));
      await this.history(tx, row, who, 'paused', now, reason.trim());
      await events.publish(shippingPaused, { ...shipmentRef(row), pausedAt: now.toISOString() });
      await this.email(
        tx,
        row,
        `paused-${row.id}-${now.getTime()}`,
        shipmentEmails.paused(row.orderNumber, reason.trim(), (p) => `${this.publicUrl}${p}`),
      );
    });
  }

  async ship(
    id: number,
    who: Pharmacist,
    carrier: Carrier,
    typedNumber: string,
  ): Promise<ShipmentSummary> {
    const problem = trackingNumberProblem(carrier, typedNumber);
    if (problem) throw new InvalidRequestError(problem);
    const trackingNumber = normalizeTrackingNumber(typedNumber);
    return this.step(id, who, 'shipment.ship', async (tx, events, row, now) => {
      if (row.status !== 'order_placed')
        throw new ConflictError(pharmacyMessages.notNow(row.status));
      const [address] = await tx.select().from(addresses).where(eq(addresses.userId, row.userId));
      if (!address) throw new ConflictError(pharmacyMessages.noAddress);
      // Cold-chain parcels (every GLP-1 vial) go overnight so they arrive cold.
      const overnight = row.coldChain;
      await tx
        .update(shipments)
        .set({
          status: 'order_shipped',
          carrier,
          trackingNumber,
          overnight,
          shippedAt: now,
          shipTo: address.address,
          updatedAt: now,
        })
        .where(eq(shipments.id, row.id));
      await this.history(tx, row, who, `shipped (${carrier} ${trackingNumber})`, now);
      await events.publish(orderShipped, {
        ...shipmentRef(row),
        carrier,
        trackingNumber,
        overnight,
        shippedAt: now.toISOString(),
      });
      await this.email(
        tx,
        row,
        `shipped-${row.id}`,
        shipmentEmails.shipped(row.orderNumber, carrier, trackingNumber, overnight),
      );
    });
  }

  async deliver(id: number, who: Pharmacist): Promise<ShipmentSummary> {
    return this.step(id, who, 'shipment.deliver', async (tx, events, row, now) => {
      if (row.status !== 'order_shipped')
        throw new ConflictError(pharmacyMessages.notNow(row.status));
      await tx
        .update(shipments)
        .set({ status: 'order_delivered', deliveredAt: now, updatedAt: now })
        .where(eq(shipments.id, row.id));
      await this.history(tx, row, who, 'delivered', now);
      await events.publish(orderDelivered, { ...shipmentRef(row), deliveredAt: now.toISOString() });
      await this.email(
        tx,
        row,
        `delivered-${row.id}`,
        shipmentEmails.delivered(row.orderNumber, (p) => `${this.publicUrl}${p}`),
      );
    });
  }

  /** The shipment as the pharmacist fills it; the read is audited before it is answered. */
  async view(id: number, who: Pharmacist): Promise<ShipmentView> {
    const db = this.runtime.db;
    const now = this.runtime.clock.now();
    const [row] = await db.select().from(shipments).where(eq(shipments.id, id));
    if (!row) throw new NotFoundError(pharmacyMessages.shipmentNotFound);
    await fulfillmentAudit(this.runtime).record(db, who, {
      action: 'shipment.read',
      patientId: row.userId,
      orderId: row.orderId,
      refs: { shipment: row.id },
      at: now,
    });
    const [[summary], [person], [address], [rx], steps] = await Promise.all([
      summariesOf(db, [row], now),
      db.select().from(patients).where(eq(patients.userId, row.userId)),
      db.select().from(addresses).where(eq(addresses.userId, row.userId)),
      db.select().from(prescriptions).where(eq(prescriptions.prescriptionId, row.prescriptionId)),
      db
        .select()
        .from(shipmentSteps)
        .where(eq(shipmentSteps.shipmentId, row.id))
        .orderBy(asc(shipmentSteps.id)),
    ]);
    return {
      shipment: summary!,
      patient: {
        name: person?.name || `Patient #${row.userId}`,
        phone: person?.phone ?? null,
        email: person?.email ?? null,
      },
      address: row.shipTo ?? address?.address ?? null,
      items: (rx?.items ?? []).map((item) => ({ name: item.name, directions: item.directions })),
      doseSchedule: rx?.doseSchedule ?? [],
      history: steps.map((s) => ({
        step: s.step,
        by: s.byName,
        at: s.at.toISOString(),
        note: s.note,
      })),
    };
  }

  /** Runs one step on the locked shipment and answers the shipment as it then stands. */
  private async step(
    id: number,
    who: Pharmacist,
    action: 'shipment.place' | 'shipment.pause' | 'shipment.ship' | 'shipment.deliver',
    work: (tx: Tx, events: EventWriter, row: ShipmentRow, now: Date) => Promise<void>,
  ): Promise<ShipmentSummary> {
    const after = await this.runtime.transaction(async (tx, events) => {
      const [row] = await tx.select().from(shipments).where(eq(shipments.id, id)).for('update');
      if (!row) throw new NotFoundError(pharmacyMessages.shipmentNotFound);
      const now = this.runtime.clock.now();
      await work(tx, events, row, now);
      await fulfillmentAudit(this.runtime).record(tx, who, {
        action,
        patientId: row.userId,
        refs: { shipment: row.id },
        at: now,
      });
      const [updated] = await tx.select().from(shipments).where(eq(shipments.id, id));
      return updated!;
    });
    const [summary] = await summariesOf(this.runtime.db, [after], this.runtime.clock.now());
    return summary!;
  }

  private async history(
    tx: Tx,
    row: ShipmentRow,
    who: Pharmacist,
    step: string,
    at: Date,
    note?: string,
  ): Promise<void> {
    await tx.insert(shipmentSteps).values({
      shipmentId: row.id,
      step,
      byStaffId: who.id,
      byName: who.name,
      note: note ?? null,
      at,
    });
  }

  private async email(tx: Tx, row: ShipmentRow, jobId: string, email: PatientMessageText) {
    await this.runtime.queue
      .job(patientMessage)
      .enqueueAfterCommit(tx, { userId: row.userId, ...email }, { jobId });
  }
}

/** The ids every fulfilment event carries. */
export function shipmentRef(row: ShipmentRow) {
  return {
    shipmentId: row.id,
    orderNumber: row.orderNumber,
    orderId: row.orderId,
    userId: row.userId,
  };
}

/** The newest accepted, not superseded prescription of an order. */
export async function acceptedPrescriptionOf(tx: Tx, orderId: number) {
  const [rx] = await tx
    .select()
    .from(prescriptions)
    .where(and(eq(prescriptions.orderId, orderId), eq(prescriptions.superseded, false)))
    .orderBy(desc(prescriptions.approvedAt))
    .limit(1);
  return rx?.acceptedAt ? rx : undefined;
}
