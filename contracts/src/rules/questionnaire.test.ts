import type { DependencyRule, Question } from '../forms/questionnaire';
import {
  conflictingAnswerProblem,
  followUpsFor,
  isQuestionVisible,
  mayProceed,
  toggleOption,
  type VisibilityContext,
} from './questionnaire';
import { stateRulesSeed } from './state-rule-checks';

const q = (id: string, extra: Partial<Question> = {}): Question => ({
  id,
  question: `q_${id}`,
  label: `Question ${id}`,
  question_type: 'single_option',
  options: [
    { title: 'Yes', order: 1 },
    { title: 'No', order: 2 },
  ],
  ...extra,
});

const ctx = (extra: Partial<VisibilityContext> = {}): VisibilityContext => ({
  form: 'first',
  state: 'TX',
  gender: 'Female',
  answers: {},
  dependencies: [],
  ...extra,
});

describe('which questions a patient is shown', () => {
  it('hides questions 14 and 15 on the bare-medication form only', () => {
    expect(isQuestionVisible(q('14'), ctx({ bareMeds: true }))).toBe(false);
    expect(isQuestionVisible(q('15'), ctx({ bareMeds: true }))).toBe(false);
    expect(isQuestionVisible(q('16'), ctx({ bareMeds: true }))).toBe(true);
    expect(isQuestionVisible(q('14'), ctx())).toBe(true);
  });

  it('asks the Florida bill of rights only in Florida, by code or name', () => {
    const florida = q('30', { question: 'florida_bill_of_rights' });
    expect(isQuestionVisible(florida, ctx({ state: 'FL' }))).toBe(true);
    expect(isQuestionVisible(florida, ctx({ state: 'fl' }))).toBe(true);
    expect(isQuestionVisible(florida, ctx({ state: 'Florida' }))).toBe(true);
    expect(isQuestionVisible(florida, ctx({ state: 'GA' }))).toBe(false);
    const alsoGeorgia = { ...stateRulesSeed, floridaBillOfRightsStates: ['FL', 'GA'] };
    expect(isQuestionVisible(florida, ctx({ state: 'ga', stateRules: alsoGeorgia }))).toBe(true);
  });

  it('asks about pregnancy (question 0) only women', () => {
    expect(isQuestionVisible(q('0'), ctx({ gender: 'Female' }))).toBe(true);
    expect(isQuestionVisible(q('0'), ctx({ gender: 'Male' }))).toBe(false);
    expect(isQuestionVisible(q('0'), ctx({ gender: null }))).toBe(false);
  });

  it('shows a dependent question only when every rule’s answer (or any of a list) is allowed', () => {
    const dependencies: DependencyRule[] = [
      { question_id: '8_1', dependent_on: '8', ask_if_val_in: ['Semaglutide'] },
      { question_id: '9', dependent_on: '7', ask_if_val_in: ['Nausea', 'Vomiting'] },
      { question_id: '9', dependent_on: '8', ask_if_val_in: ['Semaglutide', 'Tirzepatide'] },
    ];
    const visible = (id: string, answers: VisibilityContext['answers']) =>
      isQuestionVisible(q(id), ctx({ dependencies, answers }));
    expect(visible('8_1', { '8': 'Semaglutide' })).toBe(true);
    expect(visible('8_1', { '8': 'Tirzepatide' })).toBe(false);
    expect(visible('8_1', {})).toBe(false);
    expect(visible('9', { '7': ['Headache', 'Vomiting'], '8': 'Tirzepatide' })).toBe(true);
    expect(visible('9', { '7': ['Headache'], '8': 'Tirzepatide' })).toBe(false);
    expect(visible('9', { '7': ['Nausea'] })).toBe(false);
    expect(visible('10', {})).toBe(true);
  });

  it('refill form: state_restriction only in MS, LA and the restricted states; user_state rules', () => {
    const restriction = q('5', { question: 'state_restriction' });
    const refill = (state: string, extra: Partial<VisibilityContext> = {}) =>
      isQuestionVisible(restriction, ctx({ form: 'refill', state, ...extra }));
    expect(refill('MS')).toBe(true);
    expect(refill('la')).toBe(true);
    expect(refill('TX')).toBe(false);
    expect(refill('AL')).toBe(false);
    const alsoAlabama = { ...stateRulesSeed, refillRestrictedStates: ['MS', 'LA', 'AL'] };
    expect(refill('AL', { stateRules: alsoAlabama })).toBe(true);
    expect(refill('MS', { stateRules: { ...stateRulesSeed, refillRestrictedStates: [] } })).toBe(
      false,
    );
    const byState: DependencyRule[] = [
      { question_id: '6', dependent_on: 'user_state', ask_if_val_in: ['CA', 'NY'] },
    ];
    expect(
      isQuestionVisible(q('6'), ctx({ form: 'refill', state: 'ny', dependencies: byState })),
    ).toBe(true);
    expect(
      isQuestionVisible(q('6'), ctx({ form: 'refill', state: 'TX', dependencies: byState })),
    ).toBe(false);
  });
});

describe('choosing options', () => {
  it('a "none" option leaves only itself, another option removes the "none" ones, order kept', () => {
    expect(toggleOption(['Nausea'], 'Vomiting')).toEqual(['Nausea', 'Vomiting']);
    expect(toggleOption(['Nausea', 'Vomiting'], 'None of the above')).toEqual([
      'None of the above',
    ]);
    expect(toggleOption(['None of the above'], 'Nausea')).toEqual(['Nausea']);
    expect(toggleOption(['Nausea', 'Vomiting'], 'Nausea')).toEqual(['Vomiting']);
  });
});

describe('follow-ups of a multiple-choice answer', () => {
  const conditions = q('7', {
    question_type: 'multiple_option',
    options: [
      { title: 'Kidney disease', order: 1 },
      { title: 'Liver disease', order: 2 },
      { title: 'Asthma', order: 3 },
      { title: 'None of these', order: 4 },
    ],
    followup_questions: {
      'Kidney disease': { ...q('7_1'), question_type: 'textarea' },
      'Liver disease': { ...q('7_2'), question_type: 'textarea' },
    },
  });

  it('asks them in the order the options were chosen, leaving out answered ones', () => {
    const ids = (chosen: string[], answers = {}) =>
      followUpsFor(conditions, chosen, answers).map((f) => f.id);
    expect(ids(['Liver disease', 'Asthma', 'Kidney disease'])).toEqual(['7_2', '7_1']);
    expect(ids(['Kidney disease', 'Liver disease'], { '7_1': 'Stage 2' })).toEqual(['7_2']);
    expect(ids(['None of these'])).toEqual([]);
    expect(ids(['Asthma'])).toEqual([]);
  });
});

describe('whether an answer lets the patient go on', () => {
  it('follows the proceed rule of each question type', () => {
    expect(mayProceed(q('1'), 'Yes')).toBe(true);
    expect(mayProceed(q('1'), undefined)).toBe(false);
    expect(mayProceed(q('1', { question_type: 'multiple_option' }), [])).toBe(false);
    expect(mayProceed(q('1', { question_type: 'multiple_option' }), ['Asthma'])).toBe(true);
    expect(mayProceed(q('1', { question_type: 'textarea' }), '   ')).toBe(false);
    expect(mayProceed(q('1', { question_type: 'string' }), 'Penicillin')).toBe(true);
    expect(mayProceed(q('1', { question_type: 'integer' }), '182')).toBe(true);
    // A number question takes whole numbers only, leniently typed ("04" is 4, spaces around).
    expect(mayProceed(q('1', { question_type: 'integer' }), '182.5')).toBe(false);
    expect(mayProceed(q('1', { question_type: 'integer' }), ' 0182 ')).toBe(true);
    expect(mayProceed(q('1', { question_type: 'integer' }), 'abc')).toBe(false);
    expect(mayProceed(q('1', { question_type: 'integer' }), '')).toBe(false);
    // Within the question's bounds only (the motion-sickness scale is 1 to 10).
    const scale = q('24', { question_type: 'integer', min: 1, max: 10 });
    expect(mayProceed(scale, '7')).toBe(true);
    expect(mayProceed(scale, '10')).toBe(true);
    expect(mayProceed(scale, '15')).toBe(false);
    expect(mayProceed(scale, '0')).toBe(false);
    expect(mayProceed(scale, '5.5')).toBe(false);
    expect(mayProceed(scale, '5.0')).toBe(false);
    expect(mayProceed(scale, '04')).toBe(true);
    expect(mayProceed(q('1', { question_type: 'image_upload' }), undefined)).toBe(false);
    expect(
      mayProceed(q('1', { question_type: 'image_upload', is_optional: true }), undefined),
    ).toBe(true);
    expect(mayProceed(q('1', { question_type: 'image_upload' }), 'photo.jpg')).toBe(true);
    expect(mayProceed(q('1', { question_type: 'informational' }), undefined)).toBe(true);
    expect(mayProceed(q('1', { question_type: 'dose_optimization' }), ['2.5', ''])).toBe(false);
    expect(mayProceed(q('1', { question_type: 'dose_optimization' }), ['2.5', '5.0'])).toBe(true);
  });
});

describe('what an answer conflicts with among the other answers', () => {
  const goal = q('2', { question: 'goal_weight', question_type: 'integer', min: 80, max: 700 });
  const current = (weight: string | undefined) => (key: string) =>
    key === 'current_weight' ? weight : undefined;

  it("refuses a goal weight not below the current weight, in the quiz's words", () => {
    for (const same of ['205', '0205', ' 205 ', '206'])
      expect(conflictingAnswerProblem(goal, same, current('205'))).toBe(
        'Desired weight should be less than current weight',
      );
    expect(conflictingAnswerProblem(goal, '204', current('205'))).toBeNull();
  });

  it('says nothing until both are whole numbers, nor for other questions', () => {
    expect(conflictingAnswerProblem(goal, '205', current(undefined))).toBeNull();
    expect(conflictingAnswerProblem(goal, '', current('205'))).toBeNull();
    expect(conflictingAnswerProblem(goal, '205.5', current('205'))).toBeNull();
    const other = q('3', { question: 'motion_sickness_score', question_type: 'integer' });
    expect(conflictingAnswerProblem(other, '300', current('205'))).toBeNull();
  });
});
