/**
 * The assessment rules the browser's engine and the forms service's re-check share (spec 002
 * sections 4 and 5): the sequence of questions a patient is asked for their answers so far (the
 * next question, going back), whether anything asked is unanswered, the answer that stops the
 * application, the GLP-1 history behind the dose pre-fill, and the additional details and
 * special necessities sent with a submission. Answers are keyed by question id.
 */
import type { Drug } from '../constants/catalog';
import {
  affirmations,
  dosePreferenceOptions,
  glp1UseOptions,
  lastDoseTimingOptions,
  questionIds,
  specialNecessityKeys,
  yesAnswer,
} from '../forms/answer-keys';
import {
  isNumberAnswer,
  optionTypes,
  type AskedQuestion,
  type Question,
  type QuestionnaireFile,
} from '../forms/questionnaire';
import { parseStrength, type CurrentTreatment, type DosePreference } from './dose-schedule';
import {
  conflictingAnswerProblem,
  followUpsFor,
  isQuestionVisible,
  mayProceed,
  type Answer,
  type Answers,
  type VisibilityContext,
} from './questionnaire';

/** A question as asked: a follow-up knows the question and option it hangs on. */
export interface AskedStep {
  question: AskedQuestion;
  parentId: string | null;
  parentAnswer: string | null;
}

export type FlowContext = Omit<VisibilityContext, 'dependencies' | 'answers'>;

/**
 * The questions the patient is asked, in order, for the answers given so far: the visible
 * questions of the file, each multiple-choice question followed by the follow-ups of its chosen
 * options in the order chosen (none after a lone "none"). The refill form has no follow-ups.
 */
export function askedSequence(
  file: QuestionnaireFile,
  ctx: FlowContext,
  answers: Answers,
): AskedStep[] {
  const visibility: VisibilityContext = { ...ctx, answers, dependencies: file.dependencies };
  const steps: AskedStep[] = [];
  for (const question of file.questions) {
    if (!isQuestionVisible(question, visibility)) continue;
    steps.push({ question, parentId: null, parentAnswer: null });
    if (ctx.form === 'refill') continue;
    const chosen = answers[question.id];
    if (!Array.isArray(chosen)) continue;
    for (const followUp of followUpsFor(question, chosen, {})) {
      const parentAnswer = Object.entries(question.followup_questions ?? {}).find(
        ([, f]) => f.id === followUp.id,
      )?.[0];
      steps.push({ question: followUp, parentId: question.id, parentAnswer: parentAnswer ?? null });
    }
  }
  return steps;
}

/**
 * Where the patient goes after answering `currentId`: the next question asked; after the last,
 * any question asked but unanswered (a missing follow-up), or null to submit.
 */
export function nextQuestionId(
  file: QuestionnaireFile,
  ctx: FlowContext,
  answers: Answers,
  currentId: string,
): string | null {
  const steps = askedSequence(file, ctx, answers);
  const at = steps.findIndex((s) => s.question.id === currentId);
  const next = steps[at + 1];
  if (next) return next.question.id;
  // At the end: a question left unanswered (a follow-up added by a later change) comes first.
  return firstUnanswered(steps, answers)?.question.id ?? null;
}

/**
 * Where Go Back leads from `currentId`: the visible question before it; from a follow-up, its
 * parent. `clear` lists the answers to drop: going back to a parent removes its follow-ups'.
 */
export function previousQuestion(
  file: QuestionnaireFile,
  ctx: FlowContext,
  answers: Answers,
  currentId: string,
): { id: string; clear: string[] } | null {
  const steps = askedSequence(file, ctx, answers);
  const at = steps.findIndex((s) => s.question.id === currentId);
  const here = steps[at];
  if (here?.parentId) {
    const parent = file.questions.find((q) => q.id === here.parentId);
    const clear = Object.values(parent?.followup_questions ?? {}).map((f) => f.id);
    return { id: here.parentId, clear };
  }
  const before = steps[at - 1];
  if (!before) return null;
  if (before.parentId) return { id: before.parentId, clear: followUpIdsOf(file, before.parentId) };
  return { id: before.question.id, clear: [] };
}

function followUpIdsOf(file: QuestionnaireFile, id: string): string[] {
  const parent = file.questions.find((q) => q.id === id);
  return Object.values(parent?.followup_questions ?? {}).map((f) => f.id);
}

function firstUnanswered(steps: readonly AskedStep[], answers: Answers): AskedStep | undefined {
  return steps.find(
    (s) => needsAnswer(s.question) && !mayProceed(s.question, answers[s.question.id]),
  );
}

function needsAnswer(question: AskedQuestion): boolean {
  return question.question_type !== 'informational' && question.is_optional !== true;
}

/** Every question of the file with its follow-ups, by id. */
export function questionsById(file: QuestionnaireFile): Map<string, AskedQuestion> {
  const byId = new Map<string, AskedQuestion>();
  for (const q of file.questions) {
    byId.set(q.id, q);
    for (const f of Object.values(q.followup_questions ?? {})) byId.set(f.id, f);
  }
  return byId;
}

/** The patient's answer to the question whose key is `key` (current_weight, ...), if any. */
export function answerByKey(
  file: QuestionnaireFile,
  answers: Answers,
): (key: string) => Answer | undefined {
  const byId = questionsById(file);
  return (key) => {
    for (const [id, answer] of Object.entries(answers))
      if (byId.get(id)?.question === key) return answer;
    return undefined;
  };
}

/** What is wrong with a set of answers, naming the question; null when it may be submitted. */
export type AnswerProblem =
  | { kind: 'unknown-question'; questionId: string }
  | { kind: 'not-asked'; questionId: string }
  | { kind: 'wrong-type'; questionId: string }
  | { kind: 'not-an-option'; questionId: string }
  /** A number question's answer that is not a whole number within its bounds. */
  | { kind: 'bad-number'; questionId: string; min: number; max: number }
  /** An answer at odds with another (a goal weight not below the current one), in the quiz's words. */
  | { kind: 'conflict'; questionId: string; message: string }
  | { kind: 'missing'; questionId: string };

const maxAnswerLength = 5000;

/**
 * The server's re-check of a submission: every answer is for a question of the file that the
 * patient was asked (a follow-up only for an option chosen), of the question's kind (an option
 * of it, a whole number within its bounds, text of at most 5,000 characters), at peace with the
 * other answers (a goal weight below the current weight), and every question asked that needs an
 * answer has one.
 */
export function checkAnswers(
  file: QuestionnaireFile,
  ctx: FlowContext,
  answers: Answers,
): AnswerProblem | null {
  const byId = questionsById(file);
  for (const id of Object.keys(answers))
    if (!byId.has(id)) return { kind: 'unknown-question', questionId: id };
  const steps = askedSequence(file, ctx, answers);
  const asked = new Set(steps.map((s) => s.question.id));
  const answerOf = answerByKey(file, answers);
  for (const [id, answer] of Object.entries(answers)) {
    if (answer === undefined) continue;
    if (!asked.has(id)) return { kind: 'not-asked', questionId: id };
    const question = byId.get(id) as AskedQuestion;
    const problem = answerShapeProblem(question, answer);
    if (problem) return { kind: problem, questionId: id };
    if (
      question.question_type === 'integer' &&
      typeof answer === 'string' &&
      answer.trim() !== '' &&
      !isNumberAnswer(question, answer)
    )
      return {
        kind: 'bad-number',
        questionId: id,
        min: question.min ?? 0,
        max: question.max ?? Number.MAX_SAFE_INTEGER,
      };
    const conflict = conflictingAnswerProblem(question, answer, answerOf);
    if (conflict) return { kind: 'conflict', questionId: id, message: conflict };
  }
  const missing = firstUnanswered(steps, answers);
  return missing ? { kind: 'missing', questionId: missing.question.id } : null;
}

function answerShapeProblem(
  question: AskedQuestion,
  answer: Answer,
): 'wrong-type' | 'not-an-option' | null {
  const type = question.question_type;
  const titles = (question.options ?? []).map((o) => o.title);
  if (type === 'multiple_option' || type === 'dose_optimization') {
    if (!Array.isArray(answer)) return 'wrong-type';
    if (answer.length > 24 || answer.some((a) => typeof a !== 'string' || a.length > 500))
      return 'wrong-type';
    if (type === 'multiple_option' && answer.some((a) => !titles.includes(a)))
      return 'not-an-option';
    // Options are chosen once each; a dose schedule may hold a strength for several months.
    if (type === 'multiple_option' && new Set(answer).size !== answer.length) return 'wrong-type';
    return null;
  }
  if (typeof answer !== 'string' || answer.length > maxAnswerLength) return 'wrong-type';
  if (optionTypes.includes(type) && !titles.includes(answer)) return 'not-an-option';
  if (type === 'dose_radio_more' && !(question.show_array ?? []).some((i) => i.main_txt === answer))
    return 'not-an-option';
  return null;
}

/** The default "We Cannot Proceed" text (spec 002 section 2). */
export const cannotProceedMessage =
  'Based on your responses, we cannot proceed with your application at this time.';

/**
 * The answer that stops the application, if any (spec 002 section 4, "Disqualification"): a
 * critical option chosen on a question asked, or a stop screen (informational without a Next
 * button) reached. The message is that question's description, or the default text.
 */
export function disqualification(
  file: QuestionnaireFile,
  ctx: FlowContext,
  answers: Answers,
): { questionId: string; message: string } | null {
  for (const { question } of askedSequence(file, ctx, answers)) {
    const answer = answers[question.id];
    const stopScreen =
      question.question_type === 'informational' && question.has_next_button === false;
    const chosen = answer === undefined ? [] : typeof answer === 'string' ? [answer] : answer;
    const critical = (question.options ?? []).some(
      (o) => o.is_critical === true && chosen.includes(o.title),
    );
    if (stopScreen || critical)
      return { questionId: question.id, message: question.description ?? cannotProceedMessage };
  }
  return null;
}

const timingByTitle: Record<string, CurrentTreatment['timing']> = {
  [lastDoseTimingOptions.withinTwoWeeks]: 'withinTwoWeeks',
  [lastDoseTimingOptions.twoToFourWeeks]: 'twoToFourWeeks',
  [lastDoseTimingOptions.overAMonth]: 'overAMonth',
};

const preferenceByTitle: Record<string, DosePreference> = {
  [dosePreferenceOptions.increase]: 'increase',
  [dosePreferenceOptions.same]: 'same',
  [dosePreferenceOptions.decrease]: 'decrease',
};

/** The GLP-1 a patient takes now, from questions 8, 8_1/8_2, 8_3 and 10_1; null for none. */
export function currentTreatment(answers: Answers): CurrentTreatment | null {
  const use = answers[questionIds.glp1Use];
  const drug: Drug | null =
    use === glp1UseOptions.semaglutide
      ? 'semaglutide'
      : use === glp1UseOptions.tirzepatide
        ? 'tirzepatide'
        : null;
  if (!drug) return null;
  const strengthAnswer =
    answers[
      drug === 'semaglutide' ? questionIds.semaglutideStrength : questionIds.tirzepatideStrength
    ];
  const strength = parseStrength(typeof strengthAnswer === 'string' ? strengthAnswer : undefined);
  if (strength === null) return null;
  const timing = answers[questionIds.lastDoseTiming];
  const preference = answers[questionIds.dosePreference];
  return {
    drug,
    strength,
    timing: (typeof timing === 'string' && timingByTitle[timing]) || null,
    preference: (typeof preference === 'string' && preferenceByTitle[preference]) || 'same',
  };
}

export interface AdditionalDetails {
  allergies: string;
  current_meds: string;
  current_medical_condition: string;
  pregnancy: boolean;
}

function statement(answers: Answers, questionId: string, detailsId: string, affirmed: string) {
  const answer = answers[questionId];
  if (answer === affirmed) return affirmed;
  const details = answers[detailsId];
  return answer === yesAnswer && typeof details === 'string' ? details.trim() : '';
}

/**
 * The allergies, medications and conditions sent with a submission (spec 002 section 5): the
 * "No - I affirm" answer as given, or the details from the follow-up; pregnancy is a woman's
 * Yes to question 0.
 */
export function additionalDetails(
  answers: Answers,
  gender: VisibilityContext['gender'],
): AdditionalDetails {
  return {
    allergies: statement(
      answers,
      questionIds.allergies,
      questionIds.allergyDetails,
      affirmations.allergies,
    ),
    current_meds: statement(
      answers,
      questionIds.medications,
      questionIds.medicationDetails,
      affirmations.medications,
    ),
    current_medical_condition: statement(
      answers,
      questionIds.medicalConditions,
      questionIds.medicalConditionDetails,
      affirmations.medicalConditions,
    ),
    pregnancy: gender === 'Female' && answers[questionIds.pregnancy] === yesAnswer,
  };
}

/** Spec 002 section 5, special necessities, verbatim where the spec gives the words. */
export const specialNecessityStatements = {
  nausea: 'Script personalized to minimize GI side effects due to nausea sensitivity.',
  muscleLoss: 'Script personalized to reduce muscle loss during weight loss.',
  fatigue: 'Script personalized due to patient-reported fatigue.',
  flexibleDosing:
    'Script personalized as a multi-dose vial to allow flexible dosing in smaller steps as directed by the prescriber.',
} as const;

/** The special-necessities text: a statement for each group answered yes, joined by commas. */
export function specialNecessities(file: QuestionnaireFile, answers: Answers): string {
  const byKey = new Map<string, Answer | undefined>();
  for (const q of questionsById(file).values()) byKey.set(q.question, answers[q.id]);
  const yes = (keys: readonly string[]) => keys.some((k) => byKey.get(k) === yesAnswer);
  const score = Number(byKey.get(specialNecessityKeys.motionSickness));
  const statements: string[] = [];
  if (score > 7 || yes(specialNecessityKeys.nausea))
    statements.push(specialNecessityStatements.nausea);
  if (yes(specialNecessityKeys.muscleLoss)) statements.push(specialNecessityStatements.muscleLoss);
  if (yes(specialNecessityKeys.fatigue)) statements.push(specialNecessityStatements.fatigue);
  if (yes(specialNecessityKeys.flexibleDosing))
    statements.push(specialNecessityStatements.flexibleDosing);
  return statements.join(', ');
}

/** A question of the top level of the file, by its key (next_dose_preference, ...). */
export function questionByKey(file: QuestionnaireFile, key: string): Question | undefined {
  return file.questions.find((q) => q.question === key);
}
