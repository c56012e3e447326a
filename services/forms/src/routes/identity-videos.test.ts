/**
 * GET /forms/orders/{id}/identity-video (issue 26): the video page says why the video is asked.
 * A Texas bare-medication assessment: the state's regulations (still so when the clinician asks
 * as well); a Californian's: none, until the clinician requires the video (appointment-required
 * of kind video), then the clinician. Only the caller's own order.
 */
import { eventually } from '@clinic/kit/testing';
import { clinicianAsks, startForms, submittedAssessment, type FormsHarness } from '../testing';

describe('who asks for the identity video', () => {
  let h: FormsHarness;
  beforeAll(async () => {
    h = await startForms();
  });
  afterAll(() => h.close());

  const askedBy = async (orderId: number, as: Parameters<FormsHarness['get']>[1]) => {
    const res = await h.get(`/forms/orders/${orderId}/identity-video`, as);
    expect(res.status).toBe(200);
    return (res.body as { asked_by: unknown }).asked_by;
  };

  it("names the state's regulations for a Texas bare-medication assessment, the clinician's ask beside it", async () => {
    const { patient, orderId } = await submittedAssessment(h, 'TX');
    expect(await askedBy(orderId, patient)).toBe('state');
    await clinicianAsks(h, patient, orderId, 'video');
    // The state's rule still applies: the page keeps naming it.
    await eventually(async () => expect(await askedBy(orderId, patient)).toBe('state'));
  });

  it('names the clinician once they require the video of a Californian', async () => {
    const { patient, orderId } = await submittedAssessment(h, 'CA');
    expect(await askedBy(orderId, patient)).toBeNull();
    await clinicianAsks(h, patient, orderId, 'video');
    await eventually(async () => expect(await askedBy(orderId, patient)).toBe('clinician'));
  });

  it("answers null before the assessment is sent, and 404 for another patient's order", async () => {
    const patient = await h.patient({ state: 'TX' });
    const orderId = await h.paidOrder(patient);
    expect(await askedBy(orderId, patient)).toBeNull();
    const other = await h.patient();
    const res = await h.get(`/forms/orders/${orderId}/identity-video`, other);
    expect(res.status).toBe(404);
    expect(res.body).not.toHaveProperty('asked_by');
    expect((await h.get(`/forms/orders/${orderId}/identity-video`)).status).toBe(401);
  });
});
