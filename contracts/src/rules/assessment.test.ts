import {
  affirmations,
  consentAnswers,
  dosePreferenceOptions,
  glp1UseOptions,
  lastDoseTimingOptions,
} from '../forms/answer-keys';
import { questionnaireFileSchema, type QuestionnaireFile } from '../forms/questionnaire';
import {
  additionalDetails,
  askedSequence,
  cannotProceedMessage,
  checkAnswers,
  currentTreatment,
  disqualification,
  nextQuestionId,
  previousQuestion,
  specialNecessities,
  specialNecessityStatements,
  type FlowContext,
} from './assessment';

const yesNo = [
  { title: 'Yes', order: 0 },
  { title: 'No', order: 1 },
];

const file: QuestionnaireFile = questionnaireFileSchema.parse({
  form: 1,
  name: 'Test form',
  version: '2026-11-24.1',
  questions: [
    {
      id: 'w',
      question: 'current_weight',
      label: 'Weight?',
      question_type: 'integer',
      min: 80,
      max: 700,
    },
    {
      id: '0',
      question: 'pregnancy_status',
      label: 'Pregnant?',
      question_type: 'single_option',
      important: true,
      description: 'GLP-1 medication is not safe in pregnancy.',
      options: [
        { title: 'Yes', order: 0, is_critical: true },
        { title: 'No', order: 1 },
      ],
    },
    {
      id: 'sx',
      question: 'symptoms',
      label: 'Any of these?',
      question_type: 'multiple_option',
      options: [
        { title: 'Nausea', order: 0 },
        { title: 'Heartburn', order: 1 },
        { title: 'None of these', order: 2 },
      ],
      followup_questions: {
        Nausea: {
          id: 'sx_n',
          question: 'nausea_details',
          label: 'How often?',
          question_type: 'text',
        },
        Heartburn: {
          id: 'sx_h',
          question: 'heartburn_details',
          label: 'How bad?',
          question_type: 'text',
        },
      },
    },
    {
      id: '8',
      question: 'current_weight_meds',
      label: 'GLP-1 now?',
      question_type: 'single_option',
      options: Object.values(glp1UseOptions).map((title, order) => ({ title, order })),
    },
    {
      id: '8_1',
      question: 'current_semaglutide_dose',
      label: 'Strength?',
      question_type: 'single_option',
      options: ['0.25 mg', '0.5 mg', '1 mg', '1.7 mg', '2.4 mg'].map((title, order) => ({
        title,
        order,
      })),
    },
    {
      id: '8_3',
      question: 'last_dose_timing',
      label: 'When?',
      question_type: 'single_option',
      options: Object.values(lastDoseTimingOptions).map((title, order) => ({ title, order })),
    },
    {
      id: '10_1',
      question: 'dose_change_preference',
      label: 'Wish?',
      question_type: 'single_option',
      options: Object.values(dosePreferenceOptions).map((title, order) => ({ title, order })),
    },
    {
      id: 'motion',
      question: 'motion_sickness_score',
      label: '1-10?',
      question_type: 'integer',
      min: 1,
      max: 10,
    },
    {
      id: 'gi',
      question: 'nauseated_gi',
      label: 'GI?',
      question_type: 'single_option',
      options: yesNo,
    },
    {
      id: 'ml',
      question: 'muscle_loss_concern',
      label: 'Muscle?',
      question_type: 'single_option',
      options: yesNo,
    },
    {
      id: 'flex',
      question: 'personalized_levels',
      label: 'Flex?',
      question_type: 'single_option',
      options: yesNo,
    },
    {
      id: 'g',
      question: 'goal_weight',
      label: 'Goal weight?',
      question_type: 'integer',
      min: 80,
      max: 700,
    },
    {
      id: 'photo',
      question: 'prescription_photo',
      label: 'Photo',
      question_type: 'image_upload',
      is_optional: true,
    },
    {
      id: 'c',
      question: 'glp1_consent',
      label: 'Consent',
      question_type: 'consent',
      important: true,
      description: 'We cannot prescribe without your consent.',
      options: [
        { title: consentAnswers.yes, order: 0 },
        { title: consentAnswers.no, order: 1, is_critical: true },
      ],
    },
  ],
  dependencies: [
    { question_id: '8_1', dependent_on: '8', ask_if_val_in: [glp1UseOptions.semaglutide] },
    { question_id: '8_3', dependent_on: '8', ask_if_val_in: [glp1UseOptions.semaglutide] },
    { question_id: '10_1', dependent_on: '8', ask_if_val_in: [glp1UseOptions.semaglutide] },
  ],
});

const woman: FlowContext = { form: 'first', state: 'TX', gender: 'Female' };
const ids = (answers: Record<string, string | string[]>, ctx = woman) =>
  askedSequence(file, ctx, answers).map((s) => s.question.id);

const complete = {
  w: '210',
  '0': 'No',
  sx: ['None of these'],
  '8': glp1UseOptions.neither,
  motion: '3',
  gi: 'No',
  ml: 'No',
  flex: 'No',
  g: '180',
  c: consentAnswers.yes,
};

describe('the questions a patient is asked', () => {
  it('inserts the follow-ups of the chosen options right after their question, in the order chosen', () => {
    expect(ids({ sx: ['Heartburn', 'Nausea'] }).slice(0, 5)).toEqual([
      'w',
      '0',
      'sx',
      'sx_h',
      'sx_n',
    ]);
    expect(ids({ sx: ['None of these'] }).slice(0, 4)).toEqual(['w', '0', 'sx', '8']);
  });

  it('skips hidden questions: pregnancy for men, the GLP-1 details for patients on none', () => {
    expect(ids({}, { ...woman, gender: 'Male' })).not.toContain('0');
    expect(ids({ '8': glp1UseOptions.neither })).not.toContain('8_1');
    expect(ids({ '8': glp1UseOptions.semaglutide })).toEqual(
      expect.arrayContaining(['8_1', '8_3', '10_1']),
    );
  });

  it('moves to the next visible question, back to a missing answer, and null to submit', () => {
    expect(nextQuestionId(file, woman, { w: '200' }, 'w')).toBe('0');
    expect(nextQuestionId(file, woman, { '8': glp1UseOptions.neither }, '8')).toBe('motion');
    // A follow-up left unanswered is asked before going on.
    expect(nextQuestionId(file, woman, { ...complete, sx: ['Nausea'] }, 'c')).toBe('sx_n');
    expect(nextQuestionId(file, woman, complete, 'c')).toBeNull();
  });

  it('goes back to the previous visible question, and from a follow-up to its parent, clearing its follow-ups', () => {
    expect(previousQuestion(file, woman, { '8': glp1UseOptions.neither }, 'motion')).toEqual({
      id: '8',
      clear: [],
    });
    expect(previousQuestion(file, woman, { sx: ['Nausea'] }, 'sx_n')).toEqual({
      id: 'sx',
      clear: ['sx_n', 'sx_h'],
    });
    expect(previousQuestion(file, woman, { sx: ['Nausea'], sx_n: 'daily' }, '8')).toEqual({
      id: 'sx',
      clear: ['sx_n', 'sx_h'],
    });
    expect(previousQuestion(file, woman, {}, 'w')).toBeNull();
  });
});

describe("the server's re-check of a submission", () => {
  it('accepts a complete set of answers', () => {
    expect(checkAnswers(file, woman, complete)).toBeNull();
  });

  it('names the first question asked that has no answer', () => {
    const { ml: _ml, ...rest } = complete;
    expect(checkAnswers(file, woman, rest)).toEqual({ kind: 'missing', questionId: 'ml' });
    expect(checkAnswers(file, woman, { ...complete, sx: ['Nausea'] })).toEqual({
      kind: 'missing',
      questionId: 'sx_n',
    });
  });

  it('refuses unknown questions, questions not asked and follow-ups of options not chosen', () => {
    expect(checkAnswers(file, woman, { ...complete, nope: 'x' })).toEqual({
      kind: 'unknown-question',
      questionId: 'nope',
    });
    expect(checkAnswers(file, woman, { ...complete, '8_1': '1 mg' })).toEqual({
      kind: 'not-asked',
      questionId: '8_1',
    });
    expect(checkAnswers(file, woman, { ...complete, sx_h: 'bad' })).toEqual({
      kind: 'not-asked',
      questionId: 'sx_h',
    });
    expect(checkAnswers(file, { ...woman, gender: 'Male' }, complete)).toEqual({
      kind: 'not-asked',
      questionId: '0',
    });
  });

  it('refuses answers of the wrong kind or outside the options', () => {
    expect(checkAnswers(file, woman, { ...complete, '0': 'Maybe' })).toEqual({
      kind: 'not-an-option',
      questionId: '0',
    });
    expect(checkAnswers(file, woman, { ...complete, '0': ['No'] })).toEqual({
      kind: 'wrong-type',
      questionId: '0',
    });
    expect(checkAnswers(file, woman, { ...complete, sx: 'Nausea' })).toEqual({
      kind: 'wrong-type',
      questionId: 'sx',
    });
    expect(checkAnswers(file, woman, { ...complete, w: '9'.repeat(5001) })).toEqual({
      kind: 'wrong-type',
      questionId: 'w',
    });
  });

  it("refuses a number outside its question's bounds, naming them, and takes the bounds themselves", () => {
    expect(checkAnswers(file, woman, { ...complete, motion: '15' })).toEqual({
      kind: 'bad-number',
      questionId: 'motion',
      min: 1,
      max: 10,
    });
    expect(checkAnswers(file, woman, { ...complete, motion: '0' })).toMatchObject({
      kind: 'bad-number',
      questionId: 'motion',
    });
    expect(checkAnswers(file, woman, { ...complete, w: '701' })).toMatchObject({
      kind: 'bad-number',
      questionId: 'w',
    });
    expect(checkAnswers(file, woman, { ...complete, motion: '10', w: ' 80 ', g: '79' })).toEqual({
      kind: 'bad-number',
      questionId: 'g',
      min: 80,
      max: 700,
    });
    expect(checkAnswers(file, woman, { ...complete, motion: '10', w: ' 80 ', g: '' })).toEqual({
      kind: 'missing',
      questionId: 'g',
    });
    expect(checkAnswers(file, woman, { ...complete, motion: '1', w: '700' })).toBeNull();
  });

  it('takes whole numbers only on a number question, read leniently ("04" is 4)', () => {
    for (const refused of ['5.5', '5.0', '10.', '.5', '1e1', '-3', '+4', 'heavy', '0x5'])
      expect(checkAnswers(file, woman, { ...complete, motion: refused })).toEqual({
        kind: 'bad-number',
        questionId: 'motion',
        min: 1,
        max: 10,
      });
    expect(checkAnswers(file, woman, { ...complete, w: '180.5' })).toMatchObject({
      kind: 'bad-number',
      questionId: 'w',
    });
    for (const taken of ['04', ' 7 ', '10', '0001'])
      expect(checkAnswers(file, woman, { ...complete, motion: taken })).toBeNull();
  });

  it("refuses a goal weight that is not below the current weight, in the quiz's words", () => {
    for (const goal of ['210', '0210', '211', '700'])
      expect(checkAnswers(file, woman, { ...complete, w: '210', g: goal })).toEqual({
        kind: 'conflict',
        questionId: 'g',
        message: 'Desired weight should be less than current weight',
      });
    expect(checkAnswers(file, woman, { ...complete, w: '210', g: '209' })).toBeNull();
    expect(checkAnswers(file, woman, { ...complete, w: '205', g: '80' })).toBeNull();
  });
});

describe('the answer that stops the application', () => {
  it('is a critical option on a question asked, with its description', () => {
    expect(disqualification(file, woman, { ...complete, '0': 'Yes' })).toEqual({
      questionId: '0',
      message: 'GLP-1 medication is not safe in pregnancy.',
    });
    expect(disqualification(file, woman, { ...complete, c: consentAnswers.no })?.questionId).toBe(
      'c',
    );
    expect(disqualification(file, woman, complete)).toBeNull();
  });

  it('does not count an answer to a question the patient is not asked', () => {
    expect(
      disqualification(file, { ...woman, gender: 'Male' }, { ...complete, '0': 'Yes' }),
    ).toBeNull();
  });

  it('falls back to the default text', () => {
    const stop = questionnaireFileSchema.parse({
      ...file,
      questions: [
        {
          id: 's',
          question: 'stop',
          label: 'Stop',
          question_type: 'informational',
          has_next_button: false,
        },
      ],
      dependencies: [],
    });
    expect(disqualification(stop, woman, {})).toEqual({
      questionId: 's',
      message: cannotProceedMessage,
    });
  });
});

describe('what a submission carries besides the answers', () => {
  it('reads the current GLP-1 treatment', () => {
    expect(
      currentTreatment({
        '8': glp1UseOptions.semaglutide,
        '8_1': '1.7 mg',
        '8_3': lastDoseTimingOptions.withinTwoWeeks,
        '10_1': dosePreferenceOptions.increase,
      }),
    ).toEqual({
      drug: 'semaglutide',
      strength: 1.7,
      timing: 'withinTwoWeeks',
      preference: 'increase',
    });
    expect(currentTreatment({ '8': glp1UseOptions.neither })).toBeNull();
    expect(currentTreatment({ '8': glp1UseOptions.tirzepatide })).toBeNull();
  });

  it('sends the affirmation as given or the details of the follow-up, and pregnancy for women only', () => {
    expect(
      additionalDetails(
        {
          '21_1': affirmations.allergies,
          '7_3': 'Yes',
          '7_4': ' Metformin 500 mg twice a day ',
          '7_1': 'Yes',
          '0': 'Yes',
        },
        'Female',
      ),
    ).toEqual({
      allergies: affirmations.allergies,
      current_meds: 'Metformin 500 mg twice a day',
      current_medical_condition: '',
      pregnancy: true,
    });
    expect(additionalDetails({ '0': 'Yes' }, 'Male').pregnancy).toBe(false);
  });

  it('builds the special necessities from the yes answers, joined by commas', () => {
    expect(specialNecessities(file, { motion: '8', ml: 'Yes', flex: 'Yes' })).toBe(
      [
        specialNecessityStatements.nausea,
        specialNecessityStatements.muscleLoss,
        specialNecessityStatements.flexibleDosing,
      ].join(', '),
    );
    expect(specialNecessities(file, { motion: '7', gi: 'Yes' })).toBe(
      specialNecessityStatements.nausea,
    );
    expect(specialNecessities(file, { motion: '7', gi: 'No' })).toBe('');
  });
});

describe('a dose schedule answer', () => {
  it('may hold one strength for several months', () => {
    const dose = questionnaireFileSchema.parse({
      ...file,
      questions: [
        {
          id: 'd',
          question: 'next_dose_preference',
          label: 'Doses',
          question_type: 'dose_optimization',
        },
      ],
      dependencies: [],
    });
    expect(checkAnswers(dose, woman, { d: ['1', '1', '1'] })).toBeNull();
    expect(checkAnswers(dose, woman, { d: 'one' })).toEqual({
      kind: 'wrong-type',
      questionId: 'd',
    });
  });
});
