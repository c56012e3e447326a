import {
  affirmations,
  glp1UseOptions,
  questionnaireFileSchema,
  specialNecessityStatements,
  type FlowContext,
} from '@clinic/contracts';
import { buildSubmission, type SubmissionInput } from './submission';
import { testQuestionnaire } from './testing/fixture';

const ctx: FlowContext = { form: 'first', bareMeds: false, state: 'TX', gender: 'Female' };

function input(overrides: Partial<SubmissionInput> = {}): SubmissionInput {
  return {
    file: testQuestionnaire(),
    ctx,
    answers: {},
    formId: '5',
    form: 1,
    drug: 'tirzepatide',
    paymentTerms: 6,
    doses: [],
    maintenance: '10',
    patient: { first_name: 'Ana', gender: 'Female', state: 'TX' },
    ...overrides,
  };
}

describe('the submission body', () => {
  it('uses the starter schedule and its maintenance when a dose is missing', () => {
    expect(buildSubmission(input({ doses: ['5', '', '7.5'], maintenance: '15' }))).toMatchObject({
      patientPreference: [2.5, 5, 7.5],
      maintanenceDose: 10,
    });
    expect(
      buildSubmission(input({ drug: 'semaglutide', doses: [], maintenance: '1' })),
    ).toMatchObject({ patientPreference: [0.25, 0.5, 1], maintanenceDose: 2.4 });
  });

  it('sends only the answers of questions asked: one left behind by a changed answer is not sent', () => {
    const body = buildSubmission(
      input({ answers: { '0': 'No', '8': glp1UseOptions.neither, '8_1': '1 mg' } }),
    );
    expect(body.answers.map((a) => a.id)).toEqual(['0', '8']);
  });

  it("sends pregnancy for a woman's Yes, the details of the follow-ups, and the special necessities", () => {
    const file = questionnaireFileSchema.parse({
      form: 1,
      name: 'Details',
      version: '2026-11-24.1',
      questions: [
        {
          id: '0',
          question: 'pregnancy_status',
          label: 'Pregnant?',
          question_type: 'single_option',
          options: [
            { title: 'Yes', order: 0 },
            { title: 'No', order: 1 },
          ],
        },
        {
          id: '21_1',
          question: 'allergies',
          label: 'Allergies?',
          question_type: 'single_option',
          options: [
            { title: 'Yes', order: 0 },
            { title: affirmations.allergies, order: 1 },
          ],
        },
        { id: '21_2', question: 'allergy_details', label: 'Which?', question_type: 'text' },
        {
          id: '7_3',
          question: 'medications',
          label: 'Medications?',
          question_type: 'single_option',
          options: [
            { title: 'Yes', order: 0 },
            { title: affirmations.medications, order: 1 },
          ],
        },
        {
          id: 'ms',
          question: 'motion_sickness_score',
          label: 'Motion sickness, 1 to 10?',
          question_type: 'integer',
          min: 1,
          max: 10,
        },
      ],
      dependencies: [{ question_id: '21_2', dependent_on: '21_1', ask_if_val_in: ['Yes'] }],
    });
    const body = buildSubmission(
      input({
        file,
        answers: {
          '0': 'Yes',
          '21_1': 'Yes',
          '21_2': ' Penicillin ',
          '7_3': affirmations.medications,
          ms: '9',
        },
      }),
    );
    expect(body.additional_details).toEqual({
      allergies: 'Penicillin',
      current_meds: affirmations.medications,
      current_medical_condition: '',
      pregnancy: true,
    });
    expect(body.special_necessities).toBe(specialNecessityStatements.nausea);
    expect(body.answers.find((a) => a.id === 'ms')).toMatchObject({ type: 'number', answer: '9' });
  });
});
