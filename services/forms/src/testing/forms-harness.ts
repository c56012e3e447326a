/**
 * Forms under test with the real identity beside it on the same embedded engines and a
 * ManualClock: patients are real accounts (gender and state as the quiz gave them), and their
 * paid orders and shipping addresses arrive as the events checkout and /verify publish.
 */
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import {
  orderDelivered,
  paymentSucceeded,
  prescriptionApproved,
  shippingAddressSaved,
  type Drug,
  type QuestionnaireFile,
  type QuestionnaireName,
  signedPutHeaders,
} from '@clinic/contracts';
import { createLocalIdentityDirectory, identityService } from '@clinic/identity';
import type { IdentityDirectory } from '@clinic/identity-client';
import { startIdentity, testPublicUrl, type IdentityHarness } from '@clinic/identity/testing';
import { ManualClock, rows, type Db, type OpenedEngines } from '@clinic/kit';
import {
  eventually,
  openTestEngines,
  startServiceForTest,
  type ServiceSchema,
  type ServiceUnderTest,
} from '@clinic/kit/testing';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formsService } from '../app';
import { LocalDiskStorage } from '../storage/local-disk-storage';
import { orders, patientStates } from '../db/schema';

export interface FormsPatient {
  id: number;
  email: string;
  headers: Record<string, string>;
}

export interface FormsHarness {
  service: ServiceUnderTest;
  identity: IdentityHarness;
  directory: IdentityDirectory;
  clock: ManualClock;
  engines: OpenedEngines;
  db: Db;
  /** The uploads' local disk. */
  storage: LocalDiskStorage;
  /** A new patient account, as the quiz provisions it. */
  patient(opts?: { gender?: 'Male' | 'Female'; state?: string }): Promise<FormsPatient>;
  /** A paid order of the patient (checkout's payment-succeeded), once forms has it. */
  paidOrder(patient: FormsPatient, opts?: { drug?: Drug; cartId?: string }): Promise<number>;
  /** A clinician's prescription of the order (prescription-approved), once forms has it. */
  approve(
    patient: FormsPatient,
    orderId: number,
    opts?: { drug?: Drug; doseSchedule?: number[]; prescriptionId?: string },
  ): Promise<string>;
  /** The patient's shipping address saved in a state, once forms has it. */
  shipTo(patient: FormsPatient, state: string): Promise<void>;
  /** The order's shipment delivered now (fulfilment's order-delivered), once forms has it. */
  deliver(patient: FormsPatient, orderId: number): Promise<void>;
  post(path: string, body: unknown, as: FormsPatient): Promise<request.Response>;
  put(path: string, body: unknown, as: FormsPatient): Promise<request.Response>;
  /**
   * Uploads a file as the browser does (a signed URL from get-signed-url, then a PUT with its
   * content type); answers the status and the file name to answer with.
   */
  upload(
    patient: FormsPatient,
    file: { name: string; contentType: string; bytes: Buffer },
    orderId?: number,
  ): Promise<{ status: number; fileName: string }>;
  /** The answers with every upload question answered by a real uploaded image. */
  withUploads(
    answers: Record<string, string | string[]>,
    file: QuestionnaireFile,
    patient: FormsPatient,
    orderId: number,
  ): Promise<Record<string, string | string[]>>;
  /** The events forms published (or has yet to relay) under one name, oldest first. */
  outboxEvents(name: string): Promise<{ data: unknown; metadata?: unknown }[]>;
  get(path: string, as?: FormsPatient): Promise<request.Response>;
  close(): Promise<void>;
}

let serial = 0;

/** A real 1x1 PNG. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
let orderSerial = 7000;

export async function startForms(
  opts: {
    questionnaires?: Record<QuestionnaireName, QuestionnaireFile>;
    /** Services a caller starts beside forms on the same engines (their migrations are run). */
    alongside?: ServiceSchema[];
  } = {},
): Promise<FormsHarness> {
  const clock = new ManualClock('2026-11-24T15:00:00.000Z');
  const engines = await openTestEngines({
    processName: 'forms-test',
    clock,
    services: [identityService, formsService, ...(opts.alongside ?? [])],
  });
  const identity = await startIdentity({ engines, clock });
  const directory = createLocalIdentityDirectory(identity.service.runtime, {
    publicUrl: testPublicUrl,
    seedDemoAccounts: false,
  });
  const storage = new LocalDiskStorage({
    dir: mkdtempSync(join(tmpdir(), 'forms-test-uploads-')),
    publicBase: '',
    secret: 'forms-test-secret',
  });
  const service = await startServiceForTest(
    formsService,
    { identity: directory, storage, publicUrl: testPublicUrl, questionnaires: opts.questionnaires },
    { engines },
  );
  const db = service.runtime.db;
  const publish: ServiceUnderTest['runtime']['transaction'] = (work) =>
    service.runtime.transaction(work);

  const harness: FormsHarness = {
    service,
    identity,
    directory,
    clock,
    engines,
    db,
    storage,
    async patient({ gender = 'Female', state = 'CA' } = {}) {
      serial += 1;
      const email = `forms-${serial}-${Date.now()}@example.com`;
      const provisioned = await directory.provisionPatient({
        email,
        first_name: 'Avery',
        last_name: 'Stone',
        phone: '3105550142',
        state,
        gender,
        height_inch: 66,
        weight: 212,
        dob: '04/12/1986',
      });
      if (!provisioned.created) throw new Error('expected a new account');
      const id = provisioned.user.id;
      return {
        id,
        email,
        headers: service.as({ userId: id, role: 'patient', sessionId: `s-${id}` }),
      };
    },
    async paidOrder(patient, { drug = 'tirzepatide', cartId } = {}) {
      orderSerial += 1;
      const orderId = orderSerial;
      const productName = drug === 'tirzepatide' ? 'Tirzepatide' : 'Semaglutide';
      await publish((_tx, events) =>
        events.publish(paymentSucceeded, {
          kind: 'checkout',
          orderId,
          userId: patient.id,
          cartId: cartId ?? `cart-${orderId}`,
          transactionId: `ch_${orderId}`,
          amountCents: 29900,
          currency: 'USD',
          paymentTerms: 1,
          productName: `${productName} monthly`,
          planId: 'plan',
          prescriptionPreauths: [
            { orderId, product_id: drug === 'tirzepatide' ? 1 : 2, product_name: productName },
          ],
          conversionId: null,
          userName: null,
          // The checkout's supply: 3 vials at once (checkout's plan rules).
          supply: [{ shipOn: clock.now().toISOString(), vials: 3 }],
        }),
      );
      await eventually(async () => {
        const [row] = await db.select().from(orders).where(eq(orders.orderId, orderId));
        expect(row).toBeDefined();
      });
      return orderId;
    },
    async approve(patient, orderId, opts = {}) {
      const drug = opts.drug ?? 'tirzepatide';
      const prescriptionId = opts.prescriptionId ?? `rx-${orderId}-${clock.now().getTime()}`;
      const tirzepatide = drug === 'tirzepatide';
      await publish((_tx, events) =>
        events.publish(prescriptionApproved, {
          orderId,
          userId: patient.id,
          prescriptionId,
          drug,
          items: [
            {
              rxId: `${prescriptionId}-1`,
              name: tirzepatide ? 'Tirzepatide T1 injection' : 'Semaglutide S1 injection',
              directions: tirzepatide
                ? 'Inject 2.5 mg under the skin once a week.'
                : 'Inject 0.25 mg under the skin once a week.',
              strength: tirzepatide ? 2.5 : 0.25,
            },
            {
              rxId: `${prescriptionId}-2`,
              name: 'Ondansetron 4 mg tablets',
              directions: 'Take 1 tablet by mouth every 8 hours as needed for nausea.',
              strength: null,
            },
          ],
          doseSchedule: opts.doseSchedule ?? (tirzepatide ? [2.5, 5, 7.5] : [0.25, 0.5, 1]),
          maintenanceDose: tirzepatide ? 10 : 2.4,
          approvedAt: clock.now().toISOString(),
        }),
      );
      await eventually(async () => {
        const [row] = await db.select().from(orders).where(eq(orders.orderId, orderId));
        expect(row?.status).toBe('prescription_received');
      });
      return prescriptionId;
    },
    async shipTo(patient, state) {
      const savedAt = clock.now().toISOString();
      await publish((_tx, events) =>
        events.publish(shippingAddressSaved, {
          userId: patient.id,
          source: 'verification',
          address: {
            address_line_1: '100 Main St',
            address_line_2: null,
            city: 'Springfield',
            state,
            zip: '62701',
          },
          savedAt,
        }),
      );
      await eventually(async () => {
        const [row] = await db
          .select()
          .from(patientStates)
          .where(eq(patientStates.userId, patient.id));
        expect(row?.state).toBe(state);
      });
    },
    async deliver(patient, orderId) {
      await publish((_tx, events) =>
        events.publish(orderDelivered, {
          shipmentId: orderId,
          orderNumber: `#${orderId}`,
          orderId,
          userId: patient.id,
          deliveredAt: clock.now().toISOString(),
        }),
      );
      await eventually(async () => {
        const [row] = await db.select().from(orders).where(eq(orders.orderId, orderId));
        expect(row?.firstDeliveredAt).not.toBeNull();
      });
    },
    post: (path, body, as) =>
      request(service.app)
        .post(path)
        .set(as.headers)
        .send(body as object),
    put: (path, body, as) =>
      request(service.app)
        .put(path)
        .set(as.headers)
        .send(body as object),
    async upload(patient, file, orderId) {
      const signed = await request(service.app)
        .post('/api/get-signed-url')
        .set(patient.headers)
        .send({ filename: file.name, content_type: file.contentType, form_id: orderId });
      if (signed.status !== 200) return { status: signed.status, fileName: '' };
      const put = await request(service.app)
        .put(signed.body.upload_url as string)
        .set(signedPutHeaders(file.contentType))
        .send(file.bytes);
      return { status: put.status, fileName: signed.body.file_name as string };
    },
    async withUploads(answers, file, patient, orderId) {
      const out = { ...answers };
      for (const q of file.questions) {
        if (q.question_type !== 'image_upload' || typeof out[q.id] !== 'string') continue;
        const uploaded = await harness.upload(
          patient,
          { name: `${orderId}_${q.question}_photo.png`, contentType: 'image/png', bytes: tinyPng },
          orderId,
        );
        if (uploaded.status !== 200) throw new Error(`upload failed: ${uploaded.status}`);
        out[q.id] = uploaded.fileName;
      }
      return out;
    },
    async outboxEvents(name) {
      // Raw: the outbox is the kit's table, not declared in forms' schema.
      const found = await rows<{ envelope: { data: unknown; metadata?: unknown } }>(
        db,
        sql`select envelope from forms.outbox where name = ${name} order by seq`,
      );
      return found.map((r) => r.envelope);
    },
    get: (path, as) => {
      const r = request(service.app).get(path);
      return as ? r.set(as.headers) : r;
    },
    async close() {
      await service.close();
      await identity.close();
      await engines.close();
    },
  };
  return harness;
}
