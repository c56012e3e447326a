/**
 * The questionnaire rules of spec 002 sections 4 and 5 that the browser's engine and the forms
 * service's re-check of a submission share: which questions a patient is shown, how choosing
 * options treats a "none" answer, which follow-ups a multiple-choice answer asks for and in what
 * order, whether an answer lets the patient go on, and what an answer conflicts with among the
 * patient's other answers.
 */
import { questionKeys } from '../forms/answer-keys';
import {
  isNumberAnswer,
  isWholeNumber,
  userStateDependency,
  type AskedQuestion,
  type DependencyRule,
  type Question,
} from '../forms/questionnaire';
import { intakeMessages } from './intake';
import { stateCodeOf, stateRulesSeed } from './state-rule-checks';
import type { StateRules } from './state-rules';

/** An answer: text, the options chosen, or an uploaded file's name. */
export type Answer = string | readonly string[];
export type Answers = Readonly<Record<string, Answer | undefined>>;

export interface VisibilityContext {
  /** First-time forms (medical integration, bare medication) or the refill form. */
  form: 'first' | 'refill';
  /** The bare-medication type of a first-time form hides questions 14 and 15. */
  bareMeds?: boolean;
  /** The patient's state, as a two-letter code or a name. */
  state: string;
  gender: 'Male' | 'Female' | null;
  answers: Answers;
  dependencies: readonly DependencyRule[];
  /**
   * The state rules in force (which states see the Florida bill of rights, where the refill form
   * asks its state restriction); absent, today's seeded rules.
   */
  stateRules?: Pick<StateRules, 'floridaBillOfRightsStates' | 'refillRestrictedStates'>;
}

const bareMedsHidden = new Set(['14', '15']);

function answerIn(answer: Answer | undefined, allowed: readonly string[]): boolean {
  if (answer === undefined) return false;
  return typeof answer === 'string'
    ? allowed.includes(answer)
    : answer.some((a) => allowed.includes(a));
}

/** Whether the patient is shown this question (spec 002 section 4, "Question visibility"). */
export function isQuestionVisible(question: AskedQuestion, ctx: VisibilityContext): boolean {
  const state = ctx.state.trim().toUpperCase();
  const stateRules = ctx.stateRules ?? stateRulesSeed;
  if (ctx.form === 'first' && ctx.bareMeds && bareMedsHidden.has(question.id)) return false;
  if (
    question.question === 'florida_bill_of_rights' &&
    !stateRules.floridaBillOfRightsStates.includes(stateCodeOf(state))
  )
    return false;
  if (question.id === '0' && ctx.gender !== 'Female') return false;
  if (
    ctx.form === 'refill' &&
    question.question === 'state_restriction' &&
    !stateRules.refillRestrictedStates.includes(stateCodeOf(state))
  )
    return false;
  return ctx.dependencies
    .filter((rule) => rule.question_id === question.id)
    .every((rule) =>
      rule.dependent_on === userStateDependency
        ? rule.ask_if_val_in.some((value) => value.toUpperCase() === state)
        : answerIn(ctx.answers[rule.dependent_on], rule.ask_if_val_in),
    );
}

const isNone = (title: string) => title.toLowerCase().includes('none');

/**
 * The options chosen after ticking or unticking one: a "none" option leaves only itself, any
 * other option removes the "none" ones; order of choosing is kept.
 */
export function toggleOption(chosen: readonly string[], option: string): string[] {
  if (chosen.includes(option)) return chosen.filter((c) => c !== option);
  if (isNone(option)) return [option];
  return [...chosen.filter((c) => !isNone(c)), option];
}

/**
 * The follow-ups a multiple-choice answer asks, in the order the options were chosen, leaving
 * out those already answered; none when the only choice is a "none" option.
 */
export function followUpsFor(
  question: Question,
  chosen: readonly string[],
  answers: Answers,
): AskedQuestion[] {
  const followUps = question.followup_questions;
  if (!followUps || question.question_type !== 'multiple_option') return [];
  if (chosen.length === 1 && isNone(chosen[0] ?? '')) return [];
  return chosen.flatMap((option) => {
    const followUp = followUps[option];
    return followUp && !hasAnswer(answers[followUp.id]) ? [followUp] : [];
  });
}

function hasAnswer(answer: Answer | undefined): boolean {
  if (answer === undefined) return false;
  return typeof answer === 'string' ? answer.trim() !== '' : answer.length > 0;
}

/** Whether an answer lets the patient go on (spec 002 section 5, "Proceed rules"). */
export function mayProceed(question: AskedQuestion, answer: Answer | undefined): boolean {
  switch (question.question_type) {
    case 'single_option':
    case 'consent':
      return typeof answer === 'string' && answer !== '';
    case 'multiple_option':
      return Array.isArray(answer) && answer.length > 0;
    case 'text':
    case 'string':
    case 'textarea':
      return typeof answer === 'string' && answer.trim() !== '';
    case 'integer':
      return typeof answer === 'string' && isNumberAnswer(question, answer);
    case 'file':
    case 'image_upload':
      return question.is_optional === true || hasAnswer(answer);
    case 'dose_optimization':
      return Array.isArray(answer) && answer.length > 0 && answer.every((dose) => dose !== '');
    default:
      return true;
  }
}

/**
 * What a number answer conflicts with among the patient's other answers, in the quiz's words, or
 * null: the goal weight must be less than the current weight, as the quiz's desired weight must
 * (spec 000 step 9). `answerOf` reads another answer by its question key.
 */
export function conflictingAnswerProblem(
  question: AskedQuestion,
  answer: Answer | undefined,
  answerOf: (key: string) => Answer | undefined,
): string | null {
  if (question.question !== questionKeys.goalWeight || typeof answer !== 'string') return null;
  const current = answerOf(questionKeys.currentWeight);
  if (typeof current !== 'string' || !isWholeNumber(answer) || !isWholeNumber(current)) return null;
  return Number(answer.trim()) < Number(current.trim()) ? null : intakeMessages.desiredBelowCurrent;
}
