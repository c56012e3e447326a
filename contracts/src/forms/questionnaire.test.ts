import {
  isNumberAnswer,
  isWithinBounds,
  numberRangeText,
  questionnaireFileSchema,
  type QuestionnaireFile,
} from './questionnaire';

const file = (extra: Partial<QuestionnaireFile> = {}): unknown => ({
  form: 1,
  name: 'Medical integration',
  version: '2026-11-24.1',
  questions: [
    {
      id: '7',
      question: 'current_medical_condition',
      label: 'Do you have any of these conditions?',
      question_type: 'multiple_option',
      options: [
        { title: 'Kidney disease', order: 1 },
        { title: 'None of these', order: 2 },
      ],
      followup_questions: {
        'Kidney disease': {
          id: '7_1',
          question: 'kidney_details',
          label: 'Tell us about your kidney disease.',
          question_type: 'textarea',
        },
      },
    },
  ],
  dependencies: [{ question_id: '7_1', dependent_on: '7', ask_if_val_in: ['Kidney disease'] }],
  ...extra,
});

const problems = (input: unknown) =>
  questionnaireFileSchema.safeParse(input).error?.issues.map((i) => i.message) ?? [];

describe('a questionnaire file', () => {
  it('takes the spec’s question shape with follow-ups and dependency rules', () => {
    expect(problems(file())).toEqual([]);
  });

  it('refuses repeated ids, follow-ups of options that do not exist and rules on unknown questions', () => {
    const base = file() as QuestionnaireFile;
    const [question] = base.questions;
    if (!question) throw new Error('fixture without a question');
    expect(problems(file({ questions: [question, question] }))).toContain('question id 7 twice');
    expect(
      problems(
        file({
          questions: [
            {
              ...question,
              followup_questions: {
                Asthma: {
                  id: '7_9',
                  question: 'asthma_details',
                  label: 'Asthma?',
                  question_type: 'textarea',
                },
              },
            },
          ],
        }),
      ),
    ).toContain('question 7 has a follow-up for "Asthma", which is not one of its options');
    expect(
      problems(
        file({ dependencies: [{ question_id: '9', dependent_on: '7', ask_if_val_in: ['x'] }] }),
      ),
    ).toContain('dependency on unknown question 9');
    expect(
      problems(
        file({
          dependencies: [{ question_id: '7', dependent_on: 'user_state', ask_if_val_in: ['TX'] }],
        }),
      ),
    ).toEqual([]);
  });

  it('refuses an option question without options and fields the spec does not have', () => {
    const base = file() as QuestionnaireFile;
    const [question] = base.questions;
    if (!question) throw new Error('fixture without a question');
    expect(
      problems(file({ questions: [{ ...question, options: [], followup_questions: undefined }] })),
    ).toContain('question 7 has no options');
    expect(
      problems(file({ questions: [{ ...question, colour: 'red' } as never] })).length,
    ).toBeGreaterThan(0);
  });

  it('bounds every number question, and only number questions', () => {
    const scale = {
      id: '24',
      question: 'motion_sickness_score',
      label: 'On a scale of 1 to 10, how prone are you to motion sickness?',
      question_type: 'integer' as const,
    };
    const withQuestion = (q: object) =>
      file({ questions: [...(file() as QuestionnaireFile).questions, q as never] });
    expect(problems(withQuestion(scale))).toEqual(['number question 24 needs its min and max']);
    expect(problems(withQuestion({ ...scale, min: 1 }))).toEqual([
      'number question 24 needs its min and max',
    ]);
    expect(problems(withQuestion({ ...scale, min: 10, max: 1 }))).toEqual([
      'question 24 has its min above its max',
    ]);
    expect(problems(withQuestion({ ...scale, min: 1, max: 10 }))).toEqual([]);
    expect(problems(withQuestion({ ...scale, question_type: 'string', min: 1, max: 10 }))).toEqual([
      'question 24 is not a number: no min or max',
    ]);
  });

  it('says the bounds in words and checks a number answer against them', () => {
    const bounds = { min: 1, max: 10 };
    expect(numberRangeText(bounds)).toBe('a whole number from 1 to 10');
    expect(['1', '7', ' 10 ', '9.5'].map((a) => isWithinBounds(bounds, a))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['0', '15', '10.5', '', 'ten'].map((a) => isWithinBounds(bounds, a))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('takes a whole number within the bounds as an answer, leniently typed ("04" is 4)', () => {
    const bounds = { min: 1, max: 10 };
    expect(['4', '04', ' 10 ', '1'].map((a) => isNumberAnswer(bounds, a))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(
      ['5.5', '5.0', '1e1', '-3', '+4', '', '11', '0'].map((a) => isNumberAnswer(bounds, a)),
    ).toEqual([false, false, false, false, false, false, false, false]);
  });
});
