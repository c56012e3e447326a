import { eq } from 'drizzle-orm';
import {
  consentAnswers,
  formsMessages,
  questionIds,
  questionKeys,
  type FlowContext,
  type QuestionnaireFile,
} from '@clinic/contracts';
import { eventually, sleep } from '@clinic/kit/testing';
import { assessments, orders } from '../db/schema';
import { assessmentReceivedSubject } from '../jobs/assessment-received-email';
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
const bare = files['bare-medication'];
const woman: FlowContext = { form: 'first', state: 'CA', gender: 'Female' };
const man: FlowContext = { ...woman, gender: 'Male' };

const doseQuestionId = (file: QuestionnaireFile) =>
  file.questions.find((q) => q.question === questionKeys.doseSchedule)?.id ?? '';

describe('POST /api/submit-md-form and /api/submit-bare-form', () => {
  let h: FormsHarness;
  beforeAll(async () => {
    h = await startForms();
  });
  afterAll(() => h.close());

  async function pendingOrder(opts: { gender?: 'Male' | 'Female'; state?: string } = {}) {
    const patient = await h.patient(opts);
    const orderId = await h.paidOrder(patient, { drug: 'tirzepatide' });
    return { patient, orderId };
  }

  const stored = async (orderId: number) =>
    h.db.select().from(assessments).where(eq(assessments.orderId, orderId));

  const submit = (patient: FormsPatient, body: unknown, path = '/api/submit-md-form') =>
    h.post(path, body, patient);

  it('stores a complete assessment with the questionnaire’s wording, publishes form-submitted without answers, and sends the patient home', async () => {
    const { patient, orderId } = await pendingOrder();
    const answers = await h.withUploads(
      completeAnswers(medical, woman, 'tirzepatide'),
      medical,
      patient,
      orderId,
    );
    const res = await submit(patient, submissionOf(orderId, answers));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: formsMessages.submitted,
      redirect: '/home',
    });

    const [assessment] = await stored(orderId);
    expect(assessment).toMatchObject({
      form: 'mdIntegration',
      questionnaire: 'medical-integration',
      questionnaireVersion: medical.version,
      state: 'CA',
      doseSchedule: [2.5, 5, 7.5],
      maintenanceDose: 10,
      videoRequired: false,
    });
    const pregnancy = assessment?.answers.find((a) => a.id === questionIds.pregnancy);
    expect(pregnancy?.label).toBe(medical.questions.find((q) => q.id === '0')?.label);
    expect(assessment?.additionalDetails.pregnancy).toBe(false);
    const [order] = await h.db.select().from(orders).where(eq(orders.orderId, orderId));
    expect(order?.status).toBe('submitted');

    const published = (await h.outboxEvents('form-submitted')).filter(
      (e) => (e.data as { orderId: number }).orderId === orderId,
    );
    expect(published).toHaveLength(1);
    expect(Object.keys(published[0]?.data as object).sort()).toEqual(
      [
        'assessmentId',
        'drug',
        'form',
        'orderId',
        'questionnaireVersion',
        'state',
        'submittedAt',
        'userId',
        'videoRequired',
      ].sort(),
    );
    expect(JSON.stringify(published[0])).not.toContain(consentAnswers.yes);
  });

  describe('the email that the assessment was received', () => {
    const received = async (patient: FormsPatient) =>
      (await h.service.engines.mailbox.list({ to: patient.email })).filter(
        (m) => m.subject === assessmentReceivedSubject,
      );

    it('goes once per order, after the submission, in plain words without a health answer', async () => {
      const { patient, orderId } = await pendingOrder();
      const given = {
        [questionIds.medications]: 'Yes',
        [questionIds.medicationDetails]: 'Lisinopril 10 mg daily',
      };
      const answers = await h.withUploads(
        completeAnswers(medical, woman, 'tirzepatide', given),
        medical,
        patient,
        orderId,
      );
      expect(await received(patient)).toHaveLength(0);
      expect((await submit(patient, submissionOf(orderId, answers))).status).toBe(200);
      await eventually(async () => expect(await received(patient)).toHaveLength(1));
      const [email] = await received(patient);
      expect(email?.body).toContain('Hi Avery,');
      expect(email?.body).toContain('We received your medical assessment.');
      expect(email?.body).toContain('within 24 hours');
      for (const secret of ['Lisinopril', 'tirzepatide', 'Tirzepatide', 'mg', 'pregnan'])
        expect(email?.body).not.toContain(secret);

      // A refill check-in is another assessment of the same order: no second email.
      await h.db
        .update(orders)
        .set({ status: 'pending_approval' })
        .where(eq(orders.orderId, orderId));
      expect((await submit(patient, submissionOf(orderId, answers))).status).toBe(200);
      await sleep(300);
      expect(await received(patient)).toHaveLength(1);
    });

    it('is not sent for a refused submission, and says where the video is for a video state', async () => {
      const { patient, orderId } = await pendingOrder({ state: 'TX' });
      const answers = completeAnswers(
        bare,
        { ...woman, bareMeds: true, state: 'TX' },
        'tirzepatide',
      );
      expect((await submit(patient, submissionOf(orderId, answers))).status).toBe(400);
      await sleep(300);
      expect(await received(patient)).toHaveLength(0);
      expect(
        (await submit(patient, submissionOf(orderId, answers), '/api/submit-bare-form')).status,
      ).toBe(200);
      await eventually(async () => expect(await received(patient)).toHaveLength(1));
      const [email] = await received(patient);
      expect(email?.body).toContain('identity video');
      expect(email?.body).toContain('Orders');
    });
  });

  it('sends a bare-medication patient in a video state to the identity video, and refuses the other route', async () => {
    const { patient, orderId } = await pendingOrder({ state: 'TX' });
    const answers = completeAnswers(bare, { ...woman, bareMeds: true, state: 'TX' }, 'tirzepatide');
    const wrong = await submit(patient, submissionOf(orderId, answers));
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('/api/submit-bare-form');
    const res = await submit(patient, submissionOf(orderId, answers), '/api/submit-bare-form');
    expect(res.status).toBe(200);
    expect(res.body.redirect).toBe(`/upload-video/${orderId}?state=TX`);
    expect((await stored(orderId))[0]).toMatchObject({ form: 'bareMeds', videoRequired: true });
  });

  it('takes a whole number as the spec leniently reads it ("04" is 4), sent as text or a number', async () => {
    const { patient, orderId } = await pendingOrder();
    const scale = medical.questions.find((q) => q.question === 'motion_sickness_score');
    const weight = medical.questions.find((q) => q.question === questionKeys.currentWeight);
    if (!scale || !weight) throw new Error('the medical form asks a scale and a weight');
    const answers = await h.withUploads(
      completeAnswers(medical, woman, 'tirzepatide', { [scale.id]: '04', [weight.id]: ' 205 ' }),
      medical,
      patient,
      orderId,
    );
    const body = submissionOf(orderId, answers);
    const sent = {
      ...body,
      answers: body.answers.map((a) => (a.id === weight.id ? { ...a, answer: 205 } : a)),
    };
    expect((await submit(patient, sent)).status).toBe(200);
    const [assessment] = await stored(orderId);
    expect(assessment?.answers.find((a) => a.id === scale.id)?.answer).toBe('04');
  });

  it('refuses a bare-medication goal weight that is not below the current weight', async () => {
    const { patient, orderId } = await pendingOrder({ state: 'TX' });
    const ctx: FlowContext = { ...woman, bareMeds: true, state: 'TX' };
    const weight = bare.questions.find((q) => q.question === questionKeys.currentWeight);
    const goal = bare.questions.find((q) => q.question === questionKeys.goalWeight);
    if (!weight || !goal) throw new Error('the bare-medication form asks both weights');
    const answers = completeAnswers(bare, ctx, 'tirzepatide', {
      [weight.id]: '205',
      [goal.id]: '205',
    });
    const res = await submit(patient, submissionOf(orderId, answers), '/api/submit-bare-form');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      `Question ${goal.id}: Desired weight should be less than current weight.`,
    );
    expect(await stored(orderId)).toHaveLength(0);
  });

  it("refuses a second submit with the spec's message, and the loader no longer opens the order", async () => {
    const { patient, orderId } = await pendingOrder();
    const body = submissionOf(
      orderId,
      await h.withUploads(
        completeAnswers(medical, woman, 'tirzepatide'),
        medical,
        patient,
        orderId,
      ),
    );
    expect((await submit(patient, body)).status).toBe(200);
    const again = await submit(patient, body);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(formsMessages.orderNotFound);
    expect((await h.get(`/forms/orders/${orderId}`, patient)).status).toBe(404);
    expect(await stored(orderId)).toHaveLength(1);
  });

  it('stores one assessment when the same form is submitted twice at once', async () => {
    const { patient, orderId } = await pendingOrder();
    const body = submissionOf(
      orderId,
      await h.withUploads(
        completeAnswers(medical, woman, 'tirzepatide'),
        medical,
        patient,
        orderId,
      ),
    );
    const statuses = (await Promise.all([submit(patient, body), submit(patient, body)]))
      .map((r) => r.status)
      .sort();
    expect(statuses).toEqual([200, 409]);
    expect(await stored(orderId)).toHaveLength(1);
  });

  it("answers 404 for another patient's order and stores nothing", async () => {
    const { orderId } = await pendingOrder();
    const stranger = await h.patient();
    const res = await submit(
      stranger,
      submissionOf(orderId, completeAnswers(medical, woman, 'tirzepatide')),
    );
    expect(res.status).toBe(404);
    expect(await stored(orderId)).toHaveLength(0);
  });

  describe('bad answers get a 400 naming the question and store nothing', () => {
    let patient: FormsPatient;
    let orderId: number;
    let answers: Record<string, string | string[]>;
    beforeAll(async () => {
      ({ patient, orderId } = await pendingOrder());
      answers = await h.withUploads(
        completeAnswers(medical, woman, 'tirzepatide'),
        medical,
        patient,
        orderId,
      );
    });
    afterEach(async () => expect(await stored(orderId)).toHaveLength(0));

    const refused = async (body: unknown, questionId?: string) => {
      const res = await submit(patient, body);
      expect(res.status).toBe(400);
      if (questionId) expect(res.body.message).toMatch(new RegExp(`^Question ${questionId}[ :]`));
      return res;
    };

    it('a required answer left out', async () => {
      const consent = medical.questions.find((q) => q.question === questionKeys.consent);
      const { [consent?.id ?? '']: _left, ...rest } = answers;
      await refused(submissionOf(orderId, rest), consent?.id);
    });

    it('an unknown question id', async () => {
      await refused(
        submissionOf(orderId, { ...answers, no_such_question: 'x' }),
        'no_such_question',
      );
    });

    it('an answer that is not one of the options, or of the wrong type', async () => {
      await refused(submissionOf(orderId, { ...answers, [questionIds.pregnancy]: 'Perhaps' }), '0');
      await refused(submissionOf(orderId, { ...answers, [questionIds.pregnancy]: ['No'] }), '0');
    });

    it('a 50,000-character answer', async () => {
      const text = medical.questions.find(
        (q) => q.question_type === 'textarea' || q.question_type === 'text',
      );
      const long = 'a'.repeat(50_000);
      const body = submissionOf(orderId, { ...answers, [text?.id ?? '']: long });
      const res = await submit(patient, body);
      expect(res.status).toBe(400);
    });

    it('an answer past the schema: a 60,000-character one, a control character', async () => {
      await refused(
        submissionOf(orderId, { ...answers, [questionIds.pregnancy]: 'x'.repeat(60_000) }),
      );
      await refused({ ...submissionOf(orderId, answers), form_id: 'abc' });
    });

    it('a follow-up for an option not chosen', async () => {
      const parent = medical.questions.find((q) => q.followup_questions);
      const followUp = Object.values(parent?.followup_questions ?? {})[0];
      if (!followUp) throw new Error('the medical form has a follow-up question');
      await refused(submissionOf(orderId, { ...answers, [followUp.id]: 'details' }), followUp.id);
    });

    it("a number outside its question's bounds (15 on the 1 to 10 motion-sickness scale), saying the bounds and nothing of storage", async () => {
      const scale = medical.questions.find((q) => q.question === 'motion_sickness_score');
      if (!scale) throw new Error('the medical form asks the motion-sickness scale');
      expect([scale.min, scale.max]).toEqual([1, 10]);
      for (const given of ['15', '0', '10.5']) {
        const res = await refused(
          submissionOf(orderId, { ...answers, [scale.id]: given }),
          scale.id,
        );
        expect(res.body.message).toBe(`Question ${scale.id} needs a whole number from 1 to 10.`);
        expect(res.body.questionId).toBe(scale.id);
      }
      const weight = medical.questions.find((q) => q.question === questionKeys.currentWeight);
      await refused(submissionOf(orderId, { ...answers, [weight?.id ?? '']: '7000' }), weight?.id);
    });

    it('a number that is not a whole one (5.5 on the scale, 180.5 lbs), naming the question and not the answer', async () => {
      const scale = medical.questions.find((q) => q.question === 'motion_sickness_score');
      const weight = medical.questions.find((q) => q.question === questionKeys.currentWeight);
      if (!scale || !weight) throw new Error('the medical form asks a scale and a weight');
      for (const given of ['5.5', ' 5.0 ']) {
        const res = await refused(
          submissionOf(orderId, { ...answers, [scale.id]: given }),
          scale.id,
        );
        expect(res.body.message).toBe(`Question ${scale.id} needs a whole number from 1 to 10.`);
        expect(res.body.questionId).toBe(scale.id);
      }
      const res = await refused(
        submissionOf(orderId, { ...answers, [weight.id]: '180.5' }),
        weight.id,
      );
      expect(res.body.message).toBe(`Question ${weight.id} needs a whole number from 80 to 700.`);
      // A number sent as a JSON number is held to the same: the published schema says integer.
      const body = submissionOf(orderId, answers);
      const sent = {
        ...body,
        answers: body.answers.map((a) => (a.id === scale.id ? { ...a, answer: 5.5 } : a)),
      };
      const asNumber = await refused(sent);
      expect(asNumber.body.message).toContain(
        'An answer is text, the options chosen, or a whole number.',
      );
      expect(JSON.stringify(asNumber.body)).not.toContain('5.5');
    });

    it("a goal weight equal to the current weight, in the quiz's words", async () => {
      const weight = medical.questions.find((q) => q.question === questionKeys.currentWeight);
      const goal = medical.questions.find((q) => q.question === questionKeys.goalWeight);
      if (!weight || !goal) throw new Error('the medical form asks both weights');
      for (const given of ['205', '0205', '230']) {
        const res = await refused(
          submissionOf(orderId, { ...answers, [weight.id]: '205', [goal.id]: given }),
          goal.id,
        );
        expect(res.body.message).toBe(
          `Question ${goal.id}: Desired weight should be less than current weight.`,
        );
        expect(res.body.questionId).toBe(goal.id);
      }
    });

    it('a dose schedule off the ladder, jumping two strengths, or starting above the starting dose for a new patient', async () => {
      const id = doseQuestionId(medical);
      for (const months of [
        ['2.5', '6', '7.5'],
        ['2.5', '7.5', '10'],
        ['5', '7.5', '10'],
      ])
        await refused(submissionOf(orderId, { ...answers, [id]: months }), id);
    });
  });

  it('does not accept a man’s answer to the pregnancy question', async () => {
    const { patient, orderId } = await pendingOrder({ gender: 'Male' });
    const answers = {
      ...completeAnswers(medical, man, 'tirzepatide'),
      [questionIds.pregnancy]: 'No',
    };
    const res = await submit(patient, submissionOf(orderId, answers));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Question 0 /);
  });

  it('refuses an answer that stops the application with its explanation (422)', async () => {
    const { patient, orderId } = await pendingOrder();
    const pregnancy = medical.questions.find((q) => q.id === questionIds.pregnancy);
    const critical = pregnancy?.options?.find((o) => o.is_critical)?.title ?? '';
    const answers = completeAnswers(medical, woman, 'tirzepatide', {
      [questionIds.pregnancy]: critical,
    });
    const res = await submit(patient, submissionOf(orderId, answers));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(pregnancy?.description);
    expect(await stored(orderId)).toHaveLength(0);
  });

  it('takes the refill form of a patient the clinic knows through submit-md-form, with no special necessities', async () => {
    const { patient, orderId } = await pendingOrder({ state: 'CA' });
    await h.identity.setHealthId(patient.id, 'H-2002');
    const refill = files.refill;
    const ctx: FlowContext = { form: 'refill', state: 'CA', gender: 'Female' };
    const answers = await h.withUploads(
      completeAnswers(refill, ctx, 'tirzepatide'),
      refill,
      patient,
      orderId,
    );
    // The refill form is not the bare-medication one.
    expect(
      (await submit(patient, submissionOf(orderId, answers), '/api/submit-bare-form')).status,
    ).toBe(400);
    // State restriction is asked in MS and LA only: a Californian's answer to it is refused.
    const restriction = refill.questions.find((q) => q.question === 'state_restriction');
    if (!restriction) throw new Error('the refill form has a state restriction question');
    expect(answers[restriction.id]).toBeUndefined();
    const restricted = await submit(patient, {
      ...submissionOf(orderId, {
        ...answers,
        [restriction.id]: restriction.options?.[0]?.title ?? 'Yes',
      }),
      isRefil: true,
    });
    expect(restricted.status).toBe(400);
    expect(restricted.body.message).toBe(
      `Question ${restriction.id} is not asked for your earlier answers.`,
    );
    const res = await submit(patient, { ...submissionOf(orderId, answers), isRefil: true });
    expect(res.status).toBe(200);
    expect(res.body.redirect).toBe('/home');
    const [assessment] = await stored(orderId);
    expect(assessment).toMatchObject({
      form: 'refill',
      questionnaire: 'refill',
      questionnaireVersion: refill.version,
      specialNecessities: '',
    });
  });
});
