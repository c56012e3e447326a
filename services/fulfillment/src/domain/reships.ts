/**
 * Reship requests (spec 002, the replacement wizard): a patient asks for a replacement of a
 * delivered shipment within 7 days of delivery, with a reason and a photo checked by forms; the
 * pharmacy approves (a replacement shipment, ready to place) or refuses with a reason the
 * patient is emailed. One open request per shipment; each decision once, under the request's
 * row lock, with its audit line, event and email in the same transaction.
 */
import { and, asc, desc, eq, gte, inArray } from 'drizzle-orm';
import {
  pharmacyMessages,
  reshipApproved,
  reshipMessages,
  reshipRefused,
  reshipRequested,
  reshipWindowDays,
  type FileRead,
  type ReshipRequest,
} from '@clinic/contracts';
import type { FormsRecords } from '@clinic/forms-client';
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
import { patients, reships, shipments, type ReshipItem } from '../db/schema';
import { fulfillmentAudit } from './audit';
import { reshipEmails } from './patient-messages';
import { createShipment, shipmentRef as ref } from './shipments';
import type { Pharmacist } from './staff';

const dayMs = 24 * 60 * 60 * 1000;
const windowMs = reshipWindowDays * dayMs;

type ReshipRow = typeof reships.$inferSelect;
type ShipmentRow = typeof shipments.$inferSelect;

/** A stored upload's name from what the wizard sends: the file name, or a URL ending in it. */
export function uploadNameOf(image: string): string {
  const trimmed = image.trim();
  const path = /^https?:\/\//i.test(trimmed) ? new URL(trimmed).pathname : trimmed;
  const last = path.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

export class Reships {
  constructor(
    private readonly runtime: ServiceRuntime,
    private readonly forms: FormsRecords,
    private readonly publicUrl: string,
  ) {}

  /** The caller's delivered shipments still within the window and without an open request. */
  async shippedItems(userId: number) {
    const now = this.runtime.clock.now();
    const rows = await this.runtime.db
      .select({ shipment: shipments, openReship: reships.id })
      .from(shipments)
      .leftJoin(reships, and(eq(reships.shipmentId, shipments.id), eq(reships.status, 'waiting')))
      .where(
        and(
          eq(shipments.userId, userId),
          eq(shipments.status, 'order_delivered'),
          gte(shipments.deliveredAt, new Date(now.getTime() - windowMs)),
        ),
      )
      .orderBy(desc(shipments.deliveredAt));
    return rows
      .filter((r) => r.openReship === null)
      .map(({ shipment }) => ({
        external_order_number: shipment.orderNumber,
        med_name: shipment.medName,
        delivered_at: shipment.deliveredAt!.toISOString(),
        reship_until: new Date(shipment.deliveredAt!.getTime() + windowMs).toISOString(),
      }));
  }

  /**
   * POST /api/submit-reship-request. Every item must be one of the caller's delivered shipments
   * within 7 days of delivery; the photo must be the caller's upload and an image under 5 MB by
   * its content. One request per shipment named.
   */
  async request(
    userId: number,
    body: { reason: string; image: string; items: { id: string; name: string }[] },
  ): Promise<void> {
    const fileName = uploadNameOf(body.image);
    const now = this.runtime.clock.now();
    const numbers = [...new Set(body.items.map((i) => i.id.trim()))];
    const owned = await this.runtime.db
      .select()
      .from(shipments)
      .where(and(eq(shipments.userId, userId), inArray(shipments.orderNumber, numbers)));
    // Someone else's parcel is answered as one that does not exist.
    if (owned.length !== numbers.length || owned.some((s) => s.status !== 'order_delivered'))
      throw new NotFoundError(reshipMessages.unknownItem);
    if (owned.some((s) => now.getTime() - s.deliveredAt!.getTime() > windowMs))
      throw new ConflictError(reshipMessages.windowClosed);
    // Asked outside the transaction: forms may share the embedded database's one connection.
    const check = await this.forms.checkPatientImage(userId, fileName);
    if (check === 'missing') throw new InvalidRequestError(reshipMessages.uploadImage);
    if (check === 'not-an-image') throw new InvalidRequestError(reshipMessages.selectImage);
    if (check === 'too-large') throw new InvalidRequestError(reshipMessages.imageTooLarge);
    await this.runtime.transaction(async (tx, events) => {
      for (const shipment of owned) {
        const items: ReshipItem[] = body.items
          .filter((i) => i.id.trim() === shipment.orderNumber)
          .map((i) => ({ id: shipment.orderNumber, name: i.name.trim() || shipment.medName }));
        const [made] = await tx
          .insert(reships)
          .values({
            shipmentId: shipment.id,
            userId,
            items: items.slice(0, 1),
            reason: body.reason.trim(),
            imageFile: fileName,
            requestedAt: now,
            status: 'waiting',
          })
          .onConflictDoNothing()
          .returning();
        if (!made) throw new ConflictError(reshipMessages.alreadyRequested);
        await events.publish(reshipRequested, {
          reshipId: made.id,
          ...ref(shipment),
          requestedAt: now.toISOString(),
        });
        await this.email(
          tx,
          userId,
          `reship-received-${made.id}`,
          reshipEmails.received(shipment.orderNumber),
        );
      }
    });
  }

  /** The requests for a pharmacist: a line per one listed (once per 15 minutes), before the answer. */
  async queue(filter: 'waiting' | 'decided', who: Pharmacist): Promise<ReshipRequest[]> {
    const rows = await this.runtime.db
      .select({ reship: reships, shipment: shipments })
      .from(reships)
      .innerJoin(shipments, eq(shipments.id, reships.shipmentId))
      .where(
        filter === 'waiting'
          ? eq(reships.status, 'waiting')
          : inArray(reships.status, ['approved', 'refused']),
      )
      .orderBy(
        ...(filter === 'waiting'
          ? [asc(reships.requestedAt), asc(reships.id)]
          : [desc(reships.decidedAt), desc(reships.id)]),
      )
      .limit(200);
    const at = this.runtime.clock.now();
    await fulfillmentAudit(this.runtime).recordEachPerWindow(
      this.runtime.db,
      who,
      rows.map(({ reship, shipment }) => ({
        action: 'reship.list',
        patientId: reship.userId,
        orderId: shipment.orderId,
        subject: `queue: ${filter}`,
        refs: { shipment: shipment.id, reship: reship.id },
        at,
      })),
    );
    return this.describe(rows);
  }

  async evidenceUrl(id: number, who: Pharmacist): Promise<FileRead> {
    const [row] = await this.runtime.db.select().from(reships).where(eq(reships.id, id));
    if (!row) throw new NotFoundError(pharmacyMessages.reshipNotFound);
    await fulfillmentAudit(this.runtime).record(this.runtime.db, who, {
      action: 'reship.read-photo',
      patientId: row.userId,
      refs: { shipment: row.shipmentId, reship: row.id },
      at: this.runtime.clock.now(),
    });
    const read = await this.forms.patientImageRead(row.userId, row.imageFile);
    if (!read) throw new NotFoundError('The photo of this request is no longer available.');
    return read;
  }

  async approve(id: number, who: Pharmacist): Promise<ReshipRequest> {
    return this.decide(id, who, async (tx, events, reship, shipment, now) => {
      const replacement = await createShipment(
        this.runtime,
        tx,
        events,
        {
          orderId: shipment.orderId,
          userId: shipment.userId,
          kind: 'reship',
          replaces: shipment.id,
          prescriptionId: shipment.prescriptionId,
          drug: shipment.drug,
          vials: shipment.vials,
          waitingOn: 'pharmacy',
        },
        now,
      );
      await tx
        .update(reships)
        .set({
          status: 'approved',
          decidedBy: who.id,
          decidedByName: who.name,
          decidedAt: now,
          newShipmentId: replacement.id,
        })
        .where(eq(reships.id, reship.id));
      await fulfillmentAudit(this.runtime).record(tx, who, {
        action: 'reship.approve',
        patientId: shipment.userId,
        refs: { shipment: shipment.id, reship: reship.id },
        at: now,
      });
      await events.publish(reshipApproved, {
        reshipId: reship.id,
        ...ref(shipment),
        newShipmentId: replacement.id,
        approvedAt: now.toISOString(),
      });
      await this.email(
        tx,
        shipment.userId,
        `reship-approved-${reship.id}`,
        reshipEmails.approved(shipment.orderNumber, replacement.orderNumber),
      );
    });
  }

  async refuse(id: number, who: Pharmacist, reason: string): Promise<ReshipRequest> {
    return this.decide(id, who, async (tx, events, reship, shipment, now) => {
      await tx
        .update(reships)
        .set({
          status: 'refused',
          decidedBy: who.id,
          decidedByName: who.name,
          decidedAt: now,
          refusalReason: reason.trim(),
        })
        .where(eq(reships.id, reship.id));
      await fulfillmentAudit(this.runtime).record(tx, who, {
        action: 'reship.refuse',
        patientId: shipment.userId,
        refs: { shipment: shipment.id, reship: reship.id },
        at: now,
      });
      await events.publish(reshipRefused, {
        reshipId: reship.id,
        ...ref(shipment),
        refusedAt: now.toISOString(),
      });
      await this.email(
        tx,
        shipment.userId,
        `reship-refused-${reship.id}`,
        reshipEmails.refused(shipment.orderNumber, reason.trim(), (p) => `${this.publicUrl}${p}`),
      );
    });
  }

  private async decide(
    id: number,
    who: Pharmacist,
    work: (
      tx: Tx,
      events: EventWriter,
      reship: ReshipRow,
      shipment: ShipmentRow,
      now: Date,
    ) => Promise<void>,
  ): Promise<ReshipRequest> {
    await this.runtime.transaction(async (tx, events) => {
      const [reship] = await tx.select().from(reships).where(eq(reships.id, id)).for('update');
      if (!reship) throw new NotFoundError(pharmacyMessages.reshipNotFound);
      if (reship.status !== 'waiting') throw new ConflictError(pharmacyMessages.reshipDecided);
      const [shipment] = await tx
        .select()
        .from(shipments)
        .where(eq(shipments.id, reship.shipmentId));
      await work(tx, events, reship, shipment!, this.runtime.clock.now());
    });
    const rows = await this.runtime.db
      .select({ reship: reships, shipment: shipments })
      .from(reships)
      .innerJoin(shipments, eq(shipments.id, reships.shipmentId))
      .where(eq(reships.id, id));
    const [described] = await this.describe(rows);
    return described!;
  }

  private async describe(
    rows: { reship: ReshipRow; shipment: ShipmentRow }[],
  ): Promise<ReshipRequest[]> {
    if (rows.length === 0) return [];
    const people = await this.runtime.db
      .select({ userId: patients.userId, name: patients.name })
      .from(patients)
      .where(
        inArray(
          patients.userId,
          rows.map((r) => r.reship.userId),
        ),
      );
    const names = new Map(people.map((p) => [p.userId, p.name]));
    const replacementIds = rows.flatMap((r) => r.reship.newShipmentId ?? []);
    const replacements =
      replacementIds.length === 0
        ? []
        : await this.runtime.db
            .select({ id: shipments.id, orderNumber: shipments.orderNumber })
            .from(shipments)
            .where(inArray(shipments.id, replacementIds));
    const numbers = new Map(replacements.map((r) => [r.id, r.orderNumber]));
    return rows.map(({ reship, shipment }) => ({
      reshipId: reship.id,
      shipmentId: shipment.id,
      orderNumber: shipment.orderNumber,
      orderId: shipment.orderId,
      patientName: names.get(reship.userId) || `Patient #${reship.userId}`,
      items: reship.items,
      reason: reship.reason,
      hasImage: reship.imageFile !== '',
      deliveredAt: shipment.deliveredAt!.toISOString(),
      requestedAt: reship.requestedAt.toISOString(),
      status: reship.status,
      decidedBy: reship.decidedByName,
      decidedAt: reship.decidedAt?.toISOString() ?? null,
      refusalReason: reship.refusalReason,
      newShipmentId: reship.newShipmentId,
      newOrderNumber:
        reship.newShipmentId === null ? null : (numbers.get(reship.newShipmentId) ?? null),
    }));
  }

  private async email(tx: Tx, userId: number, jobId: string, email: PatientMessageText) {
    await this.runtime.queue
      .job(patientMessage)
      .enqueueAfterCommit(tx, { userId, ...email }, { jobId });
  }
}
