/**
 * A case's life from the events of checkout and forms: held for the identity video, back in the
 * queue as an adjustment request, accepted by the patient or by the 12-hour rule, closed when the
 * patient withdraws, back again for each refill check-in; each event redelivered changes nothing.
 */
import { eq } from 'drizzle-orm';
import {
  clinicMessages,
  paymentSucceeded,
  prescriptionAccepted,
  refillCancelled,
  refillCheckInDue,
  type QuestionnaireFile,
} from '@clinic/contracts';
import { completeAnswers, submissionOf, tinyPng } from '@clinic/forms/testing';
import { eventually } from '@clinic/kit/testing';
import { cases, prescriptions } from '../db/schema';
import { startClinic, type ClinicHarness, type StaffMemberUnderTest } from '../testing';

describe('a case from the events of checkout and forms', () => {
  let h: ClinicHarness;
  let casey: StaffMemberUnderTest;
  beforeAll(async () => {
    h = await startClinic();
    casey = await h.staff('clinician', 'Casey');
  });
  afterAll(() => h.close());

  const caseRow = async (orderId: number) =>
    (await h.service.runtime.db.select().from(cases).where(eq(cases.orderId, orderId)))[0]!;
  const approve = async (orderId: number, doseSchedule = [2.5, 5, 7.5]) => {
    expect((await h.post(`/api/console/cases/${orderId}/claim`, {}, casey)).status).toBe(200);
    const res = await h.post(
      `/api/console/cases/${orderId}/approve`,
      {
        drug: 'tirzepatide',
        doseSchedule,
        maintenanceDose: null,
        directions: 'Inject under the skin once a week.',
        vials: 3,
      },
      casey,
    );
    expect(res.status).toBe(200);
    return res.body.prescription.prescriptionId as string;
  };

  it('holds a Texas case for the identity video, refusing approval, and queues it when the video is in', async () => {
    const { patient, orderId } = await h.submittedCase({ state: 'TX', bare: true });
    const held = await caseRow(orderId);
    expect(held).toMatchObject({ status: 'needs-video', videoRequired: true, dueAt: null });
    const list = await h.get('/api/console/cases?filter=needs-video', casey);
    expect(list.body.cases.map((c: { orderId: number }) => c.orderId)).toContain(orderId);
    await h.post(`/api/console/cases/${orderId}/claim`, {}, casey);
    const early = await h.post(
      `/api/console/cases/${orderId}/approve`,
      {
        drug: 'tirzepatide',
        doseSchedule: [2.5],
        maintenanceDose: null,
        directions: 'Inject under the skin once a week.',
        vials: 1,
      },
      casey,
    );
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(clinicMessages.videoMissing);

    h.forms.clock.advance(3_600_000);
    await h.uploadVideo(patient, orderId);
    await eventually(async () => {
      const queued = await caseRow(orderId);
      expect(queued.status).toBe('waiting');
      expect(queued.dueAt?.getTime()).toBe(h.forms.clock.now().getTime() + 24 * 3_600_000);
    });
    const view = await h.get(`/api/console/cases/${orderId}`, casey);
    expect(view.body.view.assessment.files.map((f: { kind: string }) => f.kind)).toContain('video');
  });

  it('brings a declined prescription back as an adjustment request; the new one supersedes it', async () => {
    const { patient, orderId } = await h.submittedCase();
    const first = await approve(orderId);
    await eventually(async () =>
      expect((await h.forms.get(`/api/prescription-pending/${orderId}`, patient)).status).toBe(200),
    );
    expect(
      (await h.forms.post(`/api/prescription-update/${orderId}`, { accept: false }, patient))
        .status,
    ).toBe(200);
    const photo = await h.forms.upload(
      patient,
      { name: `${orderId}_prescription_photo.png`, contentType: 'image/png', bytes: tinyPng },
      orderId,
    );
    const adjusted = await h.forms.post(
      '/api/submit-adjust-doses-form',
      {
        answers: [],
        images: [
          {
            id: 'prescription_photo',
            question: 'prescription_photo',
            answer: photo.fileName,
            type: 'image_upload',
          },
        ],
        patientPreference: ['2.5', '2.5', '5'],
        selectedDoses: ['2.5', '2.5', '5'],
        maintanenceDose: '5',
        form_id: orderId,
        isRefil: false,
        formType: 'adjustDose',
      },
      patient,
    );
    expect([adjusted.status, adjusted.body.message]).toEqual([200, expect.any(String)]);
    await eventually(async () =>
      expect(await caseRow(orderId)).toMatchObject({
        status: 'waiting',
        adjustmentRequested: true,
        claimedBy: null,
      }),
    );
    const view = await h.get(`/api/console/cases/${orderId}`, casey);
    expect(view.body.view.adjustment).toMatchObject({ doseSchedule: [2.5, 2.5, 5] });
    const second = await approve(orderId, [2.5, 2.5, 5]);
    const rows = await h.service.runtime.db
      .select()
      .from(prescriptions)
      .where(eq(prescriptions.orderId, orderId));
    expect(Object.fromEntries(rows.map((r) => [r.prescriptionId, r.status]))).toEqual({
      [first]: 'adjustment-requested',
      [second]: 'pending',
    });
  });

  it('records the 12-hour acceptance: forms accepts the unanswered prescription, the case is done', async () => {
    const { patient, orderId } = await h.submittedCase();
    const prescriptionId = await approve(orderId);
    await eventually(async () => expect((await caseRow(orderId)).status).toBe('approved'));
    // Let forms store it (the patient sees it waiting) before time moves: its 12 hours start then.
    await eventually(async () =>
      expect((await h.forms.get(`/api/prescription-pending/${orderId}`, patient)).status).toBe(200),
    );
    h.forms.clock.advance(12 * 3_600_000 + 1000);
    await eventually(async () => {
      const [rx] = await h.service.runtime.db
        .select()
        .from(prescriptions)
        .where(eq(prescriptions.prescriptionId, prescriptionId));
      expect(rx).toMatchObject({ status: 'accepted', acceptedBy: 'timeout' });
    }, 15_000);
    expect((await caseRow(orderId)).status).toBe('accepted');
  });

  /** An accepted case whose refill check-in the patient sent: back in the queue. */
  async function refillSent() {
    const { orderId, patient } = await h.submittedCase();
    await approve(orderId);
    await eventually(async () => {
      const res = await h.forms.post(
        `/api/prescription-update/${orderId}`,
        { order_id: orderId, accept: true },
        patient,
      );
      expect(res.status).toBe(200);
    });
    await eventually(async () => expect((await caseRow(orderId)).status).toBe('accepted'));
    // Fulfilment opens the check-in a week before the refill ships; forms reopens the order.
    await h.forms.service.runtime.transaction((_tx, events) =>
      events.publish(refillCheckInDue, {
        shipmentId: 9000 + orderId,
        orderNumber: `GLP-${orderId}-2`,
        orderId,
        userId: patient.id,
        shipOn: new Date(h.forms.clock.now().getTime() + 7 * 86_400_000).toISOString(),
        dueAt: h.forms.clock.now().toISOString(),
      }),
    );
    const refill = (await h.forms.get('/forms/questionnaires/refill', patient))
      .body as QuestionnaireFile;
    const answers = completeAnswers(
      refill,
      { form: 'refill', state: 'CA', gender: 'Female' },
      'tirzepatide',
    );
    await eventually(async () => {
      const res = await h.forms.post(
        '/api/submit-md-form',
        submissionOf(orderId, answers),
        patient,
      );
      expect(res.status).toBe(200);
    });
    await eventually(async () => {
      const row = await caseRow(orderId);
      expect(row).toMatchObject({ status: 'waiting', refillCheckIn: true, claimedBy: null });
    });
    return { orderId, patient };
  }

  it('brings an accepted case back for the refill check-in, with the refill answers, and approves the next strengths', async () => {
    const { orderId } = await refillSent();
    const queue = await h.get('/api/console/cases?filter=waiting', casey);
    expect(queue.body.cases.find((c: { orderId: number }) => c.orderId === orderId)).toMatchObject({
      refillCheckIn: true,
      status: 'waiting',
    });
    const view = await h.get(`/api/console/cases/${orderId}`, casey);
    expect(view.body.view.assessment.form).toBe('refill');
    await approve(orderId, [5, 7.5, 7.5]);
    expect(await caseRow(orderId)).toMatchObject({ status: 'approved', refillCheckIn: false });
  });

  it('takes a sent refill check-in out of the queue when its refill is cancelled before the renewal is charged', async () => {
    const { orderId, patient } = await refillSent();
    const cancelled = {
      shipmentId: 9000 + orderId,
      orderNumber: `GLP-${orderId}-2`,
      orderId,
      userId: patient.id,
      cancelledAt: h.forms.clock.now().toISOString(),
    };
    for (let i = 0; i < 2; i += 1)
      await h.forms.service.runtime.transaction((_tx, events) =>
        events.publish(refillCancelled, cancelled),
      );
    await eventually(async () =>
      expect(await caseRow(orderId)).toMatchObject({
        status: 'accepted',
        refillCheckIn: false,
        dueAt: null,
      }),
    );
    const queue = await h.get('/api/console/cases?filter=waiting', casey);
    expect(queue.body.cases.map((c: { orderId: number }) => c.orderId)).not.toContain(orderId);
  });

  it('changes nothing when an acceptance or a payment is delivered again', async () => {
    const { patient, orderId } = await h.submittedCase();
    const prescriptionId = await approve(orderId);
    const accepted = {
      orderId,
      userId: patient.id,
      prescriptionId,
      acceptedBy: 'patient' as const,
      acceptedAt: h.forms.clock.now().toISOString(),
    };
    for (let i = 0; i < 2; i += 1)
      await h.forms.service.runtime.transaction((_tx, events) =>
        events.publish(prescriptionAccepted, accepted),
      );
    await eventually(async () => expect((await caseRow(orderId)).status).toBe('accepted'));
    const before = await caseRow(orderId);
    await h.forms.service.runtime.transaction((_tx, events) =>
      events.publish(paymentSucceeded, {
        kind: 'checkout',
        orderId,
        userId: patient.id,
        cartId: `cart-${orderId}`,
        transactionId: `ch_${orderId}`,
        amountCents: 29900,
        currency: 'USD',
        paymentTerms: 1,
        productName: 'Tirzepatide monthly',
        planId: 'plan',
        prescriptionPreauths: [{ orderId, product_id: 1, product_name: 'Tirzepatide' }],
        conversionId: null,
        userName: null,
        supply: [],
      }),
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(await caseRow(orderId)).toMatchObject({
      status: before.status,
      claimedBy: before.claimedBy,
    });
  });

  it('closes the case of a patient who withdrew', async () => {
    const patient = await h.forms.patient();
    const orderId = await h.forms.paidOrder(patient);
    await eventually(async () =>
      expect((await caseRow(orderId)).status).toBe('awaiting-assessment'),
    );
    expect((await h.forms.post(`/api/process-refund/${orderId}`, {}, patient)).status).toBe(200);
    await eventually(async () => expect((await caseRow(orderId)).status).toBe('withdrawn'));
  });
});
