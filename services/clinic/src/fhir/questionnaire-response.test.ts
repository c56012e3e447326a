/**
 * An assessment record as a FHIR R4 QuestionnaireResponse: valid against the R4 schema, citing
 * the questionnaire version the patient answered, each answer under its question's id in the
 * patient's words, uploads as attachments named by their file, follow-ups under their answer.
 */
import type { AssessmentRecord } from '@clinic/contracts';
import { patientReference, toQuestionnaireResponse } from './questionnaire-response';
import { compileFhirSchema } from '@clinic/forms/testing';

const fhirProblems = compileFhirSchema();

const record: AssessmentRecord = {
  orderId: 812,
  userId: 41,
  form: 'mdIntegration',
  questionnaireName: 'medical-integration',
  questionnaireVersion: '2026-11-24.2',
  submittedAt: '2026-11-20T14:03:00.000Z',
  answers: [
    {
      questionId: '1',
      key: 'current_weight',
      question: 'What is your current weight in pounds (lbs)?',
      answer: '212.5',
      critical: false,
      followUps: [],
    },
    {
      questionId: '5_2',
      key: 'diabetes_medications',
      question: 'Which of these diabetes medications do you take?',
      answer: 'Insulin, Another diabetes medication (for example, metformin)',
      critical: true,
      followUps: [
        {
          questionId: '5_2_1',
          question: 'Which insulin do you take, and how much do you usually take each day?',
          answer: 'Insulin glargine, 20 units at bedtime',
        },
        {
          questionId: '5_2_2',
          question: 'Which other diabetes medication do you take?',
          answer: 'Metformin 500 mg',
        },
      ],
    },
    {
      questionId: '8_4',
      key: 'prescription_photo',
      question: 'Please upload a photo of your current prescription or medication vial label',
      answer: '',
      critical: false,
      followUps: [],
    },
    {
      questionId: '14',
      key: 'full_body_image',
      question: 'Please upload a recent full-body photo of yourself',
      answer: 'user_med_images/41_9f2c1a.jpg',
      critical: false,
      followUps: [],
    },
    {
      questionId: '10',
      key: 'next_dose_preference',
      question: 'Choose Dosage Schedule:',
      answer: 'Month 1: 2.5 mg, Month 2: 5 mg, Month 3: 7.5 mg',
      critical: false,
      followUps: [],
    },
  ],
  specialNecessities: [],
  allergies: null,
  medications: null,
  conditions: null,
  weightPounds: 212.5,
  doseSchedulePreference: [2.5, 5, 7.5],
  maintenancePreference: 7.5,
  files: [{ fileName: 'user_med_images/41_9f2c1a.jpg', kind: 'image', label: 'Full-body photo' }],
};

describe('an assessment as a FHIR R4 QuestionnaireResponse', () => {
  const resource = toQuestionnaireResponse(record, patientReference(41, 'H000000123'));

  it('is valid against the R4 schema', () => {
    expect(fhirProblems(resource)).toEqual([]);
  });

  it('is the completed response of the questionnaire version answered, by the patient, when submitted', () => {
    expect(resource).toMatchObject({
      resourceType: 'QuestionnaireResponse',
      id: '812',
      status: 'completed',
      questionnaire:
        'https://glp-clinic.example/fhir/Questionnaire/medical-integration|2026-11-24.2',
      subject: { reference: 'Patient/H000000123' },
      authored: '2026-11-20T14:03:00.000Z',
    });
  });

  it("answers each question under its id in the patient's words; an upload is an attachment named by its file", () => {
    expect(resource.item.map((i) => i.linkId)).toEqual(['1', '5_2', '14', '10']);
    expect(resource.item[0]).toEqual({
      linkId: '1',
      text: 'What is your current weight in pounds (lbs)?',
      answer: [{ valueString: '212.5' }],
    });
    expect(resource.item[2]!.answer).toEqual([
      { valueAttachment: { title: 'user_med_images/41_9f2c1a.jpg' } },
    ]);
    expect(resource.item[3]!.answer).toEqual([
      { valueString: 'Month 1: 2.5 mg, Month 2: 5 mg, Month 3: 7.5 mg' },
    ]);
  });

  it('nests the follow-ups under the answer that opened them', () => {
    expect(resource.item[1]!.answer).toEqual([
      {
        valueString: 'Insulin, Another diabetes medication (for example, metformin)',
        item: [
          {
            linkId: '5_2_1',
            text: 'Which insulin do you take, and how much do you usually take each day?',
            answer: [{ valueString: 'Insulin glargine, 20 units at bedtime' }],
          },
          {
            linkId: '5_2_2',
            text: 'Which other diabetes medication do you take?',
            answer: [{ valueString: 'Metformin 500 mg' }],
          },
        ],
      },
    ]);
  });

  it('names the patient by account until the clinic opens their record, and the questionnaire by the form when the record does not', () => {
    const early = toQuestionnaireResponse(
      { ...record, form: 'refill', questionnaireName: 'Refill questionnaire' },
      patientReference(41, null),
    );
    expect(early.subject).toEqual({ reference: 'Patient/41' });
    expect(early.questionnaire).toBe(
      'https://glp-clinic.example/fhir/Questionnaire/refill|2026-11-24.2',
    );
    expect(fhirProblems(early)).toEqual([]);
  });

  it('is caught by the schema check when broken', () => {
    expect(fhirProblems({ ...resource, status: 'done' })).not.toEqual([]);
    expect(
      fhirProblems({ ...resource, item: [{ linkId: '1', answer: [{ valueNumber: 3 }] }] }),
    ).not.toEqual([]);
  });
});
