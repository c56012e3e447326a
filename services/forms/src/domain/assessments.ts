/**
 * Submitting an order's medical assessment (spec 002 sections 4 and 5). The server trusts only
 * which questions were answered and how: it re-walks the questionnaire with the shared rules
 * (visibility, follow-ups, proceed rules) for the patient's own state and gender, refuses
 * anything unknown, unasked, malformed or missing with a 400 naming the question, refuses an
 * answer that stops the application, checks the dose schedule against the ladders, and stores
 * its own record (the questionnaire's wording, the details and special necessities it computes)
 * with `form-submitted` in one transaction, and with the order's first assessment the email that
 * it was received (queued after commit: once per order). The order row is locked for the whole of
 * it, so two submits at once store one assessment; the second is refused as already submitted. A
 * number that is not a whole one within its question's bounds is refused naming the bounds, and a
 * goal weight not below the current weight in the quiz's words: never the value or storage.
 */
import { eq } from 'drizzle-orm';
import {
  additionalDetails,
  askedSequence,
  checkAnswers,
  currentTreatment,
  disqualification,
  doseLadders,
  drugLabels,
  fillMissingDoses,
  firstMonthChoices,
  formsMessages,
  formSubmitted,
  isScheduleWithinLadder,
  ladderStep,
  numberRangeText,
  parseStrength,
  questionKeys,
  questionnaireOfForm,
  refillMonthOneChoices,
  sameStrength,
  specialNecessities,
  type AnswerProblem,
  type Answers,
  type Drug,
  type FlowContext,
  type Principal,
  type QuestionnaireFile,
  type QuestionnaireName,
  type SubmittedAnswer,
} from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import {
  ConflictError,
  InvalidRequestError,
  UnprocessableError,
  type ServiceRuntime,
} from '@clinic/kit';
import { assessments, orders, type AssessmentForm, type StoredAnswer } from '../db/schema';
import { scheduleIdentityVideoEmails } from '../jobs/definitions/identity-video-email';
import {
  assessmentReceived,
  assessmentReceivedJobId,
} from '../jobs/definitions/assessment-received-email';
import type { FormsStateRules } from '../subscribers/state-rules-changed-copy';
import { formOf, ownOrder, patientState, providerOfState, videoRequired } from './orders';
import { UploadProblem, type Uploads } from './uploads';

export interface AssessmentInput {
  answers: SubmittedAnswer[];
  images: SubmittedAnswer[];
  patientPreference: (number | string)[];
  maintanenceDose?: number | string;
  form_id: number;
}

/** The route a submission came by: submit-md-form (medical integration, refill) or submit-bare-form. */
export type SubmitRoute = 'md' | 'bare';

const problemText: Record<Exclude<AnswerProblem['kind'], 'bad-number' | 'conflict'>, string> = {
  'unknown-question': 'is not a question of this form',
  'not-asked': 'is not asked for your earlier answers',
  'wrong-type': 'has an answer of the wrong kind or length',
  'not-an-option': 'has an answer that is not one of its options',
  missing: 'needs an answer',
};

/**
 * "Question 24 needs a whole number from 1 to 10.", "Question 2: Desired weight should be less
 * than current weight.": the question, never the answer given.
 */
function problemMessage(problem: AnswerProblem): string {
  if (problem.kind === 'conflict') return `Question ${problem.questionId}: ${problem.message}.`;
  const what =
    problem.kind === 'bad-number' ? `needs ${numberRangeText(problem)}` : problemText[problem.kind];
  return `Question ${problem.questionId} ${what}.`;
}

function answersOf(input: AssessmentInput): Answers {
  const answers: Record<string, string | readonly string[]> = {};
  for (const item of [...input.answers, ...input.images]) {
    if (Object.hasOwn(answers, item.id))
      throw new InvalidRequestError(`Question ${item.id} is answered twice.`, {
        questionId: item.id,
      });
    answers[item.id] = item.answer;
  }
  return answers;
}

function strengthOf(value: number | string | undefined): number | null {
  if (value === undefined) return null;
  return typeof value === 'number' ? value : parseStrength(value);
}

/**
 * The dose schedule: the dose question's answer (or patientPreference), each month a strength
 * of the ordered drug's ladder, month 1 among its allowed choices, at most one step a month; none
 * chosen at all gives the starter schedule (spec 002 section 5).
 */
function doseScheduleOf(
  file: QuestionnaireFile,
  answers: Answers,
  input: AssessmentInput,
  drug: Drug,
  refill: boolean,
): { months: number[]; maintenance: number } {
  const doseQuestion = file.questions.find((q) => q.question === questionKeys.doseSchedule);
  const answered = doseQuestion ? answers[doseQuestion.id] : undefined;
  const chosen = Array.isArray(answered) ? answered : input.patientPreference;
  const months = chosen.map((m: number | string) => strengthOf(m));
  const label = drugLabels[drug].toLowerCase();
  const invalid = (why: string) =>
    new InvalidRequestError(`Question ${doseQuestion?.id ?? ''}: the dose schedule ${why}.`, {
      questionId: doseQuestion?.id ?? null,
    });
  if (months.length === 0) return fillMissingDoses(drug, []);
  if (months.length > 12) throw invalid('has more than 12 months');
  if (months.some((m) => m === null || ladderStep(drug, m) < 0))
    throw invalid(`must use the ${label} strengths (${doseLadders[drug].join(', ')} mg)`);
  const schedule = months as number[];
  if (!isScheduleWithinLadder(drug, schedule))
    throw invalid('may change by at most one strength a month');
  const allowed = refill
    ? refillMonthOneChoices(drug, null)
    : firstMonthChoices(drug, currentTreatment(answers));
  if (!allowed.some((a) => sameStrength(a, schedule[0] as number)))
    throw invalid(`must start month 1 at ${allowed.join(' or ')} mg for your answers`);
  const maintenance = strengthOf(input.maintanenceDose);
  const filled = fillMissingDoses(drug, schedule);
  if (maintenance === null) return filled;
  if (ladderStep(drug, maintenance) < 0)
    throw invalid(`maintenance dose must be one of the ${label} strengths`);
  return { months: schedule, maintenance };
}

function storedAnswers(
  file: QuestionnaireFile,
  ctx: FlowContext,
  answers: Answers,
  images: boolean,
): StoredAnswer[] {
  return askedSequence(file, ctx, answers)
    .filter(({ question }) => answers[question.id] !== undefined)
    .filter(({ question }) =>
      images
        ? question.question_type === 'image_upload' || question.question_type === 'file'
        : question.question_type !== 'image_upload' && question.question_type !== 'file',
    )
    .map(({ question, parentId, parentAnswer }) => ({
      id: question.id,
      question: question.question,
      label: question.label,
      question_type: question.question_type,
      answer: answers[question.id] as string | string[],
      important: question.important === true,
      is_critical: question.is_critical === true,
      parentId,
      parentAnswer,
    }));
}

export class Assessments {
  constructor(
    private readonly runtime: ServiceRuntime,
    private readonly identity: IdentityDirectory,
    private readonly questionnaires: Readonly<Record<QuestionnaireName, QuestionnaireFile>>,
    private readonly uploads: Uploads,
    private readonly stateRules: FormsStateRules,
  ) {}

  /**
   * Every uploaded answer must be the caller's own file, checked by its content (the uploader
   * has checked it already, right after its PUT: this refuses only what skipped that). A refusal
   * is in the patient's words; the question travels in the details, for the page to go back to
   * it with the refused file dropped.
   */
  private async checkUploads(
    userId: number,
    file: QuestionnaireFile,
    ctx: FlowContext,
    answers: Answers,
  ): Promise<void> {
    for (const { question } of askedSequence(file, ctx, answers)) {
      const answer = answers[question.id];
      if (question.question_type !== 'image_upload' && question.question_type !== 'file') continue;
      if (typeof answer !== 'string' || answer === '') continue;
      try {
        await this.uploads.check(userId, answer, 'image');
      } catch (err) {
        if (!(err instanceof UploadProblem)) throw err;
        throw new InvalidRequestError(err.message, {
          questionId: question.id,
          refusedUpload: true,
        });
      }
    }
  }

  async submit(
    principal: Principal,
    route: SubmitRoute,
    input: AssessmentInput,
  ): Promise<{ redirect: string }> {
    const { runtime } = this;
    const orderId = input.form_id;
    // The account's facts first: identity is another service, never called inside a transaction.
    const known = await ownOrder(runtime.db, principal, orderId);
    const { state, contact } = await patientState(runtime.db, this.identity, known.userId);
    const providerId = await providerOfState(runtime.db, state);
    const form = formOf(contact?.health_id ?? null, providerId);
    if ((form === 2) !== (route === 'bare'))
      throw new InvalidRequestError(
        form === 2
          ? 'This assessment is submitted with /api/submit-bare-form.'
          : 'This assessment is submitted with /api/submit-md-form.',
      );
    const file = this.questionnaires[questionnaireOfForm[form]];
    const { value: stateRules } = await this.stateRules.get();
    const ctx: FlowContext = {
      form: form === 3 ? 'refill' : 'first',
      bareMeds: form === 2,
      state,
      gender: contact?.gender ?? null,
      stateRules,
    };
    const answers = answersOf(input);
    const problem = checkAnswers(file, ctx, answers);
    if (problem)
      throw new InvalidRequestError(problemMessage(problem), { questionId: problem.questionId });
    const stop = disqualification(file, ctx, answers);
    if (stop) throw new UnprocessableError(stop.message, { questionId: stop.questionId });
    const schedule = doseScheduleOf(file, answers, input, known.drug, form === 3);
    await this.checkUploads(known.userId, file, ctx, answers);
    const needsVideo = videoRequired(form, state, stateRules);
    const assessmentForm: AssessmentForm =
      form === 3 ? 'refill' : form === 2 ? 'bareMeds' : 'mdIntegration';

    await runtime.transaction(async (tx, events) => {
      const order = await ownOrder(tx, principal, orderId, { forUpdate: true });
      if (order.status !== 'pending_approval') throw new ConflictError(formsMessages.orderNotFound);
      const now = runtime.clock.now();
      // A refill check-in is another assessment of the same order: only the first is announced.
      const [earlier] = await tx
        .select({ id: assessments.id })
        .from(assessments)
        .where(eq(assessments.orderId, orderId))
        .limit(1);
      const [stored] = await tx
        .insert(assessments)
        .values({
          orderId,
          userId: order.userId,
          form: assessmentForm,
          questionnaire: questionnaireOfForm[form],
          questionnaireVersion: file.version,
          state,
          answers: storedAnswers(file, ctx, answers, false),
          images: storedAnswers(file, ctx, answers, true),
          doseSchedule: schedule.months,
          maintenanceDose: schedule.maintenance,
          additionalDetails: additionalDetails(answers, ctx.gender),
          specialNecessities: form === 3 ? '' : specialNecessities(file, answers),
          videoRequired: needsVideo,
          submittedAt: now,
        })
        .returning({ id: assessments.id });
      if (!stored) throw new Error('assessment not stored');
      await tx
        .update(orders)
        .set({ status: 'submitted', updatedAt: now })
        .where(eq(orders.orderId, orderId));
      await events.publish(formSubmitted, {
        orderId,
        userId: order.userId,
        assessmentId: stored.id,
        form: assessmentForm,
        questionnaireVersion: file.version,
        drug: order.drug,
        state,
        videoRequired: needsVideo,
        submittedAt: now.toISOString(),
      });
      // The state's video: asked for by email now and once more a day later if still missing
      // (the Orders tab links it meanwhile).
      if (needsVideo)
        await scheduleIdentityVideoEmails(
          runtime,
          tx,
          {
            orderId,
            userId: order.userId,
            requiredAt: now.toISOString(),
            askedBy: 'state',
          },
          { ask: true },
        );
      if (!earlier)
        await runtime.queue
          .job(assessmentReceived)
          .enqueueAfterCommit(
            tx,
            { orderId, userId: order.userId, videoRequired: needsVideo },
            { jobId: assessmentReceivedJobId(orderId) },
          );
    });
    return { redirect: needsVideo ? `/upload-video/${orderId}?state=${state}` : '/home' };
  }
}
