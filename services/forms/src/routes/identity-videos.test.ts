/**
 * GET /forms/orders/{id}/identity-video (issue 26): the video page says why the video is asked.
 * A Texas bare-medication assessment: the state's regulations (still so when the clinician asks
 * as well); a Californian's: none, until the clinician requires the video (appointment-required
 * of kind video), then the clinician. Only the caller's own order.
 */
import { appointmentRequired } from '@clinic/contracts';
import { eventually } from '@clinic/kit/testing';
import { loadQuestionnaires } from '../questionnaires/questionnaires';
import { completeAnswers, startForms, submissionOf, type FormsHarness } from '../testing';

const files = loadQuestionnaires();

describe('who asks for the identity video', () => {
  let h: FormsHarness;
  beforeAll(async () => {
    h = await startForms();
  });
  afterAll(() => h.close());

  /** A paid order with its assessment sent: Texas's bare-medication form, or California's. */
  async function submitted(state: 'TX' | 'CA') {
    const patient = await h.patient({ state });
    const orderId = await h.paidOrder(patient);
    await h.shipTo(patient, state);
    const bare = state === 'TX';
    const file = files[bare ? 'bare-medication' : 'medical-integration'];
    const answers = await h.withUploads(
      completeAnswers(
        file,
        { form: 'first', state, gender: 'Female', bareMeds: bare },
        'tirzepatide',
      ),
      file,
      patient,
      orderId,
    );
    const res = await h.post(
      bare ? '/api/submit-bare-form' : '/api/submit-md-form',
      submissionOf(orderId, answers),
      patient,
    );
    expect(res.status).toBe(200);
    return { patient, orderId };
  }

  /** The clinician asks for more (a video or a visit), as the clinic publishes it. */
  const clinicianAsks = (orderId: number, userId: number, kind: 'video') =>
    h.service.runtime.transaction((_tx, events) =>
      events.publish(appointmentRequired, {
        orderId,
        userId,
        kind,
        requiredAt: h.clock.now().toISOString(),
      }),
    );

  const askedBy = async (orderId: number, as: Parameters<FormsHarness['get']>[1]) => {
    const res = await h.get(`/forms/orders/${orderId}/identity-video`, as);
    expect(res.status).toBe(200);
    return (res.body as { asked_by: unknown }).asked_by;
  };

  it("names the state's regulations for a Texas bare-medication assessment, the clinician's ask beside it", async () => {
    const { patient, orderId } = await submitted('TX');
    expect(await askedBy(orderId, patient)).toBe('state');
    await clinicianAsks(orderId, patient.id, 'video');
    // The state's rule still applies: the page keeps naming it.
    await eventually(async () => expect(await askedBy(orderId, patient)).toBe('state'));
  });

  it('names the clinician once they require the video of a Californian', async () => {
    const { patient, orderId } = await submitted('CA');
    expect(await askedBy(orderId, patient)).toBeNull();
    await clinicianAsks(orderId, patient.id, 'video');
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
