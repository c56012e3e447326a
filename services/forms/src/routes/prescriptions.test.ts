import { eq } from 'drizzle-orm';
import { prescriptionMessages } from '@clinic/contracts';
import { doseAdjustments, orders, prescriptions } from '../db/schema';
import { startForms, tinyPng, type FormsHarness, type FormsPatient } from '../testing';

describe('the prescription back to the patient: confirmation and adjust-doses', () => {
  let h: FormsHarness;
  beforeAll(async () => {
    h = await startForms();
  });
  afterAll(() => h.close());

  async function approved(drug: 'tirzepatide' | 'semaglutide' = 'tirzepatide') {
    const patient = await h.patient();
    const orderId = await h.paidOrder(patient, { drug });
    const prescriptionId = await h.approve(patient, orderId, { drug });
    return { patient, orderId, prescriptionId };
  }

  const statusOf = async (orderId: number) =>
    (await h.db.select().from(orders).where(eq(orders.orderId, orderId)))[0]?.status;

  async function photo(patient: FormsPatient, orderId: number) {
    const uploaded = await h.upload(
      patient,
      { name: `${orderId}_prescription_photo.png`, contentType: 'image/png', bytes: tinyPng },
      orderId,
    );
    return uploaded.fileName;
  }

  it('shows the waiting prescription to its patient only, and Approve accepts it once', async () => {
    const { patient, orderId, prescriptionId } = await approved();
    const pending = await h.get(`/api/prescription-pending/${orderId}`, patient);
    expect(pending.status).toBe(200);
    expect(pending.body.prescription).toEqual([
      {
        rxId: `${prescriptionId}-1`,
        name: 'Tirzepatide T1 injection',
        directions: 'Inject 2.5 mg under the skin once a week.',
      },
      {
        rxId: `${prescriptionId}-2`,
        name: 'Ondansetron 4 mg tablets',
        directions: 'Take 1 tablet by mouth every 8 hours as needed for nausea.',
      },
    ]);
    const stranger = await h.patient();
    expect((await h.get(`/api/prescription-pending/${orderId}`, stranger)).status).toBe(404);

    const res = await h.post(
      `/api/prescription-update/${orderId}`,
      { order_id: orderId, accept: 'true' },
      patient,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: prescriptionMessages.accepted,
      redirect: '/home',
    });
    expect(await statusOf(orderId)).toBe('prescription_accepted');
    const events = (await h.outboxEvents('prescription-accepted')).filter(
      (e) => (e.data as { orderId: number }).orderId === orderId,
    );
    expect(events.map((e) => e.data)).toEqual([
      {
        orderId,
        userId: patient.id,
        prescriptionId,
        acceptedBy: 'patient',
        acceptedAt: h.clock.now().toISOString(),
      },
    ]);
    // Answered: nothing waits any more, and a second answer is refused.
    expect((await h.get(`/api/prescription-pending/${orderId}`, patient)).status).toBe(404);
    expect(
      (await h.post(`/api/prescription-update/${orderId}`, { accept: false }, patient)).status,
    ).toBe(409);
  });

  it('Decline leads to adjust-doses, whose request with a photo goes back to the clinician', async () => {
    const { patient, orderId, prescriptionId } = await approved('semaglutide');
    const declined = await h.post(
      `/api/prescription-update/${orderId}`,
      { accept: false },
      patient,
    );
    expect(declined.body).toMatchObject({ success: true, redirect: `/adjust-doses/${orderId}` });
    expect(await statusOf(orderId)).toBe('awaiting_dose_adjustment');

    const order = await h.get(`/api/prescription-getorder/${orderId}`, patient);
    expect(order.body).toEqual({
      success: true,
      product_id: 2,
      drug: 'semaglutide',
      doseSchedule: [0.25, 0.5, 1],
      maintenanceDose: 2.4,
    });

    const body = {
      answers: [],
      images: [
        {
          id: 'prescription_photo',
          question: 'prescription_photo',
          answer: await photo(patient, orderId),
          type: 'image_upload',
        },
      ],
      patientPreference: ['0.5', '1', '1'],
      selectedDoses: ['0.5', '1', '1'],
      maintanenceDose: '1.7',
      form_id: orderId,
      isRefil: false,
      formType: 'adjustDose',
    };
    const res = await h.post('/api/submit-adjust-doses-form', body, patient);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: prescriptionMessages.adjustmentSent,
      redirect: '/home',
    });
    const [stored] = await h.db
      .select()
      .from(doseAdjustments)
      .where(eq(doseAdjustments.orderId, orderId));
    expect(stored).toMatchObject({
      prescriptionId,
      doseSchedule: [0.5, 1, 1],
      maintenanceDose: 1.7,
    });
    expect(await statusOf(orderId)).toBe('dose_adjustment_submitted');
    expect(
      (await h.outboxEvents('dose-adjustment-submitted'))
        .map((e) => e.data)
        .filter((d) => (d as { orderId: number }).orderId === orderId),
    ).toEqual([
      {
        orderId,
        userId: patient.id,
        prescriptionId,
        doseSchedule: [0.5, 1, 1],
        maintenanceDose: 1.7,
        submittedAt: h.clock.now().toISOString(),
      },
    ]);
    expect((await h.post('/api/submit-adjust-doses-form', body, patient)).status).toBe(409);

    // The clinician's new prescription waits for an answer again.
    h.clock.advance(60_000);
    const next = await h.approve(patient, orderId, {
      drug: 'semaglutide',
      doseSchedule: [0.5, 1, 1],
    });
    const [row] = await h.db.select().from(prescriptions).where(eq(prescriptions.orderId, orderId));
    expect(row).toMatchObject({ prescriptionId: next, answer: null, doseSchedule: [0.5, 1, 1] });
  });

  it('fills missing doses with the starter schedule, and refuses a missing photo or doses off the ladder', async () => {
    const { patient, orderId } = await approved('tirzepatide');
    const base = { answers: [], images: [], patientPreference: [], form_id: orderId };
    const noPhoto = await h.post('/api/submit-adjust-doses-form', base, patient);
    expect(noPhoto.status).toBe(400);
    expect(noPhoto.body.message).toBe(prescriptionMessages.photoRequired);
    const images = [{ id: 'prescription_photo', answer: await photo(patient, orderId) }];
    for (const patientPreference of [
      ['2.5', '6', '7.5'],
      ['2.5', '7.5', '10'],
      ['0.5', '1', '1'],
    ]) {
      const res = await h.post(
        '/api/submit-adjust-doses-form',
        { ...base, images, patientPreference },
        patient,
      );
      expect(res.status).toBe(400);
    }
    expect(
      await h.db.select().from(doseAdjustments).where(eq(doseAdjustments.orderId, orderId)),
    ).toHaveLength(0);
    const res = await h.post('/api/submit-adjust-doses-form', { ...base, images }, patient);
    expect(res.status).toBe(200);
    const [stored] = await h.db
      .select()
      .from(doseAdjustments)
      .where(eq(doseAdjustments.orderId, orderId));
    expect(stored).toMatchObject({ doseSchedule: [2.5, 5, 7.5], maintenanceDose: 10 });
  });

  it('has nothing to confirm or adjust before a prescription arrives', async () => {
    const patient = await h.patient();
    const orderId = await h.paidOrder(patient);
    expect((await h.get(`/api/prescription-pending/${orderId}`, patient)).status).toBe(404);
    expect((await h.get(`/api/prescription-getorder/${orderId}`, patient)).status).toBe(404);
    expect(
      (await h.post(`/api/prescription-update/${orderId}`, { accept: true }, patient)).status,
    ).toBe(409);
    expect(
      (await h.post(`/api/prescription-update/${orderId}`, { accept: 'maybe' }, patient)).status,
    ).toBe(400);
  });
});
