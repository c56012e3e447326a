import { eq } from 'drizzle-orm';
import { formsMessages } from '@clinic/contracts';
import { orders } from '../db/schema';
import { loadQuestionnaires } from '../questionnaires/questionnaires';
import { completeAnswers, startForms, submissionOf, type FormsHarness } from '../testing';

describe('POST /api/process-refund/{id}', () => {
  let h: FormsHarness;
  beforeAll(async () => {
    h = await startForms();
  });
  afterAll(() => h.close());

  const statusOf = async (orderId: number) =>
    (await h.db.select().from(orders).where(eq(orders.orderId, orderId)))[0]?.status;

  it('withdraws a pending application once and publishes application-withdrawn for checkout to refund', async () => {
    const patient = await h.patient();
    const orderId = await h.paidOrder(patient);
    const res = await h.post(`/api/process-refund/${orderId}`, {}, patient);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: formsMessages.refundRequested });
    expect(await statusOf(orderId)).toBe('withdrawn');
    const again = await h.post(`/api/process-refund/${orderId}`, {}, patient);
    expect(again.status).toBe(409);
    const events = (await h.outboxEvents('application-withdrawn')).filter(
      (e) => (e.data as { orderId: number }).orderId === orderId,
    );
    expect(events.map((e) => e.data)).toEqual([
      { orderId, userId: patient.id, withdrawnAt: h.clock.now().toISOString() },
    ]);
    // The loader no longer opens it, and no assessment can follow.
    expect((await h.get(`/forms/orders/${orderId}`, patient)).status).toBe(404);
  });

  it("refuses another patient's order and an order already submitted", async () => {
    const patient = await h.patient();
    const orderId = await h.paidOrder(patient);
    const stranger = await h.patient();
    expect((await h.post(`/api/process-refund/${orderId}`, {}, stranger)).status).toBe(404);
    const medical = loadQuestionnaires()['medical-integration'];
    const answers = await h.withUploads(
      completeAnswers(medical, { form: 'first', state: 'CA', gender: 'Female' }, 'tirzepatide'),
      medical,
      patient,
      orderId,
    );
    expect(
      (await h.post('/api/submit-md-form', submissionOf(orderId, answers), patient)).status,
    ).toBe(200);
    expect((await h.post(`/api/process-refund/${orderId}`, {}, patient)).status).toBe(409);
    expect(await statusOf(orderId)).toBe('submitted');
  });
});
