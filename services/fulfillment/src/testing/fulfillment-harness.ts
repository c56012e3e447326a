/**
 * Fulfilment under test with the real identity and forms beside it on the same embedded engines
 * and a ManualClock: patients are real accounts, their orders are paid, prescribed and accepted
 * through the same events checkout, the clinic and forms publish, and staff are real accounts.
 */
import request from 'supertest';
import { eq, sql } from 'drizzle-orm';
import { prescriptionAccepted, type Role } from '@clinic/contracts';
import { createLocalFormsRecords } from '@clinic/forms';
import { startForms, tinyPng, type FormsHarness, type FormsPatient } from '@clinic/forms/testing';
import { rows } from '@clinic/kit';
import { eventually, startServiceForTest, type ServiceUnderTest } from '@clinic/kit/testing';
import { fulfillmentService } from '../app';
import { shipments } from '../db/schema';

export interface StaffUnderTest {
  id: number;
  headers: Record<string, string>;
}

export interface AcceptedOrder {
  patient: FormsPatient;
  orderId: number;
  prescriptionId: string;
  /** The order's first shipment, ready for the pharmacist. */
  shipmentId: number;
}

export interface FulfillmentHarness {
  forms: FormsHarness;
  service: ServiceUnderTest;
  staff(role?: Exclude<Role, 'patient'>): Promise<StaffUnderTest>;
  /** A patient whose order is paid, prescribed and accepted, once its first shipment exists. */
  acceptedOrder(opts?: { state?: string }): Promise<AcceptedOrder>;
  /** Publishes a prescription-accepted of the order as forms would (again: a redelivery). */
  accept(order: Pick<AcceptedOrder, 'patient' | 'orderId' | 'prescriptionId'>): Promise<void>;
  /** Places, ships (UPS) and delivers a shipment as a pharmacist. */
  deliver(shipmentId: number, as: StaffUnderTest): Promise<void>;
  /** Uploads an image as the patient does (get-signed-url, PUT); answers its file name. */
  photo(patient: FormsPatient, bytes?: Buffer): Promise<string>;
  get(path: string, as: { headers: Record<string, string> }): Promise<request.Response>;
  post(
    path: string,
    body: unknown,
    as: { headers: Record<string, string> },
  ): Promise<request.Response>;
  shipmentsOf(orderId: number): Promise<(typeof shipments.$inferSelect)[]>;
  /** The events fulfilment published (or has yet to relay) under one name, oldest first. */
  outboxEvents(name: string): Promise<{ data: Record<string, unknown> }[]>;
  /** Subjects and bodies of the emails sent to the patient so far. */
  mail(patient: FormsPatient): Promise<{ subject: string; body: string }[]>;
  close(): Promise<void>;
}

/** A UPS number whose check digit holds (UPS's published example). */
export const upsTrackingNumber = '1Z999AA10123456784';

let staffSerial = 0;

export async function startFulfillment(): Promise<FulfillmentHarness> {
  const forms = await startForms({ alongside: [fulfillmentService] });
  const service = await startServiceForTest(
    fulfillmentService,
    {
      identity: forms.directory,
      forms: createLocalFormsRecords(forms.service.runtime, {
        identity: forms.directory,
        storage: forms.storage,
      }),
      publicUrl: 'https://clinic.test',
    },
    { engines: forms.engines },
  );
  const db = service.runtime.db;

  const harness: FulfillmentHarness = {
    forms,
    service,
    async staff(role = 'pharmacy') {
      staffSerial += 1;
      const id = await forms.identity.createUser({
        email: `${role}-${staffSerial}-${Date.now()}@pharmacy.test`,
        role,
        firstName: 'Parker',
      });
      return { id, headers: service.as({ userId: id, role, sessionId: `staff-${id}` }) };
    },
    async acceptedOrder({ state = 'CA' } = {}) {
      const patient = await forms.patient({ state });
      await forms.shipTo(patient, state);
      const orderId = await forms.paidOrder(patient, { drug: 'tirzepatide' });
      const prescriptionId = await forms.approve(patient, orderId);
      // The patient approves it on the confirmation page: forms publishes the acceptance.
      const accepted = await forms.post(
        `/api/prescription-update/${orderId}`,
        { order_id: orderId, accept: true },
        patient,
      );
      if (accepted.status !== 200) throw new Error(`not accepted: ${accepted.status}`);
      let shipmentId = 0;
      await eventually(async () => {
        const [first] = await harness.shipmentsOf(orderId);
        expect(first?.status).toBe('prescription_received');
        shipmentId = first!.id;
      });
      return { patient, orderId, prescriptionId, shipmentId };
    },
    async accept({ patient, orderId, prescriptionId }) {
      await forms.service.runtime.transaction((_tx, events) =>
        events.publish(prescriptionAccepted, {
          orderId,
          userId: patient.id,
          prescriptionId,
          acceptedBy: 'patient',
          acceptedAt: forms.clock.now().toISOString(),
        }),
      );
    },
    async deliver(shipmentId, as) {
      for (const [step, body] of [
        ['place', {}],
        ['ship', { carrier: 'UPS', tracking_number: upsTrackingNumber }],
        ['deliver', {}],
      ] as const) {
        const res = await harness.post(
          `/api/console/pharmacy/shipments/${shipmentId}/${step}`,
          body,
          as,
        );
        if (res.status !== 200)
          throw new Error(`${step}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    },
    async photo(patient, bytes = tinyPng) {
      const uploaded = await forms.upload(patient, {
        name: 'broken-vial.png',
        contentType: 'image/png',
        bytes,
      });
      if (uploaded.status !== 200) throw new Error(`upload refused: ${uploaded.status}`);
      return uploaded.fileName;
    },
    get: (path, as) => request(service.app).get(path).set(as.headers),
    post: (path, body, as) =>
      request(service.app)
        .post(path)
        .set(as.headers)
        .send(body as object),
    shipmentsOf: (orderId) =>
      db.select().from(shipments).where(eq(shipments.orderId, orderId)).orderBy(shipments.id),
    async outboxEvents(name) {
      // Raw: the outbox is the kit's table, not declared in fulfilment's schema.
      const found = await rows<{ envelope: { data: Record<string, unknown> } }>(
        db,
        sql`select envelope from fulfillment.outbox where name = ${name} order by seq`,
      );
      return found.map((r) => r.envelope);
    },
    async mail(patient) {
      const sent = await forms.engines.mailbox.list({ to: patient.email });
      return sent.map((m) => ({ subject: m.subject ?? '', body: m.body }));
    },
    async close() {
      await service.close();
      await forms.close();
    },
  };
  return harness;
}
