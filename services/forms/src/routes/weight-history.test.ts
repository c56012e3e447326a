import { eq } from 'drizzle-orm';
import { refillCheckInDue, type FlowContext } from '@clinic/contracts';
import { eventually } from '@clinic/kit/testing';
import { orders } from '../db/schema';
import { loadQuestionnaires } from '../questionnaires/questionnaires';
import {
  completeAnswers,
  startForms,
  submissionOf,
  type FormsHarness,
  type FormsPatient,
} from '../testing';

const files = loadQuestionnaires();
const medical = files['medical-integration'];
const refill = files.refill;
const first: FlowContext = { form: 'first', state: 'CA', gender: 'Female' };
const refillCtx: FlowContext = { form: 'refill', state: 'CA', gender: 'Female' };
/** The current-weight question's id in a questionnaire. */
const weightId = (file: typeof medical) =>
  file.questions.find((q) => q.question === 'current_weight')?.id ?? '';

const DAY = 24 * 60 * 60 * 1000;

describe('GET /api/weight-history', () => {
  let h: FormsHarness;
  beforeAll(async () => {
    h = await startForms();
  });
  afterAll(() => h.close());

  async function submitFirst(patient: FormsPatient, orderId: number, pounds: string) {
    const answers = await h.withUploads(
      completeAnswers(medical, first, 'tirzepatide', { [weightId(medical)]: pounds }),
      medical,
      patient,
      orderId,
    );
    const res = await h.post('/api/submit-md-form', submissionOf(orderId, answers), patient);
    expect(res.status).toBe(200);
  }

  it("answers the intake quiz's weight, then each submitted assessment's and refill's, oldest first", async () => {
    const patient = await h.patient();
    const paidAt = h.clock.now().toISOString();
    const orderId = await h.paidOrder(patient);
    // Before any assessment: the intake weight alone, dated by the first paid order.
    const before = await h.get('/api/weight-history', patient);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ weights: [{ at: paidAt, pounds: 212, source: 'intake' }] });

    h.clock.advance(DAY);
    const assessedAt = h.clock.now().toISOString();
    await submitFirst(patient, orderId, '205');

    h.clock.advance(30 * DAY);
    const refillOrder = await h.paidOrder(patient);
    await h.identity.setHealthId(patient.id, 'H-7101');
    const refilledAt = h.clock.now().toISOString();
    const answers = await h.withUploads(
      completeAnswers(refill, refillCtx, 'tirzepatide', { [weightId(refill)]: '198' }),
      refill,
      patient,
      refillOrder,
    );
    const submitted = await h.post(
      '/api/submit-md-form',
      { ...submissionOf(refillOrder, answers), isRefil: true },
      patient,
    );
    expect(submitted.status).toBe(200);

    const res = await h.get('/api/weight-history', patient);
    expect(res.status).toBe(200);
    expect(res.body.weights).toEqual([
      { at: paidAt, pounds: 212, source: 'intake' },
      { at: assessedAt, pounds: 205, source: 'assessment' },
      { at: refilledAt, pounds: 198, source: 'refill' },
    ]);
  });

  it("answers a refill check-in's weight on the same order beside the first assessment's", async () => {
    const patient = await h.patient();
    const orderId = await h.paidOrder(patient);
    await submitFirst(patient, orderId, '230');
    await h.approve(patient, orderId);
    expect(
      (await h.post(`/api/prescription-update/${orderId}`, { accept: true }, patient)).status,
    ).toBe(200);
    // Fulfilment's refill is due: forms reopens the order for the refill questionnaire.
    h.clock.advance(28 * DAY);
    await h.service.runtime.transaction((_tx, events) =>
      events.publish(refillCheckInDue, {
        shipmentId: 1,
        orderNumber: `GLP-${orderId}-2`,
        orderId,
        userId: patient.id,
        shipOn: new Date(h.clock.now().getTime() + 7 * DAY).toISOString(),
        dueAt: h.clock.now().toISOString(),
      }),
    );
    await eventually(async () => {
      const [row] = await h.db.select().from(orders).where(eq(orders.orderId, orderId));
      expect(row?.status).toBe('pending_approval');
    });
    await h.identity.setHealthId(patient.id, 'H-7102');
    const checkedInAt = h.clock.now().toISOString();
    const answers = await h.withUploads(
      completeAnswers(refill, refillCtx, 'tirzepatide', { [weightId(refill)]: '221' }),
      refill,
      patient,
      orderId,
    );
    expect(
      (
        await h.post(
          '/api/submit-md-form',
          { ...submissionOf(orderId, answers), isRefil: true },
          patient,
        )
      ).status,
    ).toBe(200);

    const res = await h.get('/api/weight-history', patient);
    expect(
      res.body.weights.map((w: { pounds: number; source: string }) => [w.pounds, w.source]),
    ).toEqual([
      [212, 'intake'],
      [230, 'assessment'],
      [221, 'refill'],
    ]);
    expect(res.body.weights[2].at).toBe(checkedInAt);
  });

  it("never answers another patient's weights", async () => {
    const patient = await h.patient();
    const orderId = await h.paidOrder(patient);
    await submitFirst(patient, orderId, '187');
    const stranger = await h.patient();
    const res = await h.get('/api/weight-history', stranger);
    expect(res.status).toBe(200);
    // The stranger has no paid order yet and no assessment: nothing of the other patient's.
    expect(res.body).toEqual({ weights: [] });
    const strangerOrder = await h.paidOrder(stranger);
    await submitFirst(stranger, strangerOrder, '240');
    const own = await h.get('/api/weight-history', stranger);
    expect(own.body.weights.map((w: { pounds: number }) => w.pounds)).toEqual([212, 240]);
    expect(JSON.stringify(own.body)).not.toContain('187');
  });

  it('refuses a caller who is not logged in', async () => {
    expect((await h.get('/api/weight-history')).status).toBe(401);
  });
});
