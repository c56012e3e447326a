/**
 * A small questionnaire for the medical form's tests, parsed by the contracts' schema: question
 * 0 (women only), Florida's bill of rights, the GLP-1 history (8, 8_1, 8_2, 8_3, 10_1) with the
 * confirmation step, a multiple-choice question with follow-ups and a disqualifying option, a
 * weight, the dose schedule, a photo and the consent.
 */
import {
  consentAnswers,
  dosePreferenceOptions,
  glp1UseOptions,
  lastDoseTimingOptions,
  questionnaireFileSchema,
  type FormsOrder,
  type QuestionnaireFile,
} from '@clinic/contracts';
import type { LoaderState } from '../loaderState';

const options = (titles: readonly string[]) => titles.map((title, order) => ({ title, order }));
const onGlp1 = [glp1UseOptions.semaglutide, glp1UseOptions.tirzepatide];

export const thyroidCancer = 'Thyroid cancer';
export const stopText = 'GLP-1 medication is not safe with a history of thyroid cancer.';

export function testQuestionnaire(form: 1 | 2 | 3 = 1): QuestionnaireFile {
  return questionnaireFileSchema.parse({
    form,
    name: 'Test questionnaire',
    version: '2026-11-24.1',
    questions: [
      {
        id: '0',
        question: 'pregnancy_status',
        label: 'Are you pregnant or breastfeeding?',
        question_type: 'single_option',
        important: true,
        options: [
          { title: 'Yes', order: 0, is_critical: true },
          { title: 'No', order: 1 },
        ],
      },
      {
        id: 'fl',
        question: 'florida_bill_of_rights',
        label: 'Florida Patient Bill of Rights',
        description: 'You have the right to be treated with courtesy and respect.',
        question_type: 'informational',
      },
      {
        id: '8',
        question: 'current_weight_meds',
        label: 'Are you currently taking a GLP-1 medication?',
        question_type: 'single_option',
        options: options(Object.values(glp1UseOptions)),
      },
      {
        id: '8_1',
        question: 'current_semaglutide_dose',
        label: 'What is your current semaglutide dose?',
        question_type: 'single_option',
        options: options(['0.25 mg', '0.5 mg', '1 mg', '1.7 mg', '2.4 mg']),
      },
      {
        id: '8_2',
        question: 'current_tirzepatide_dose',
        label: 'What is your current tirzepatide dose?',
        question_type: 'single_option',
        options: options(['2.5 mg', '5 mg', '7.5 mg', '10 mg', '12.5 mg', '15 mg']),
      },
      {
        id: '8_3',
        question: 'last_dose_timing',
        label: 'When did you take your last dose?',
        question_type: 'single_option',
        options: options(Object.values(lastDoseTimingOptions)),
      },
      {
        id: '10_1',
        question: 'dose_preference',
        label: 'What would you like for your next dose?',
        question_type: 'single_option',
        options: options(Object.values(dosePreferenceOptions)),
      },
      {
        id: '8_confirm',
        question: 'confirm_no_weight_meds',
        label:
          'Please confirm that you are not taking any weight loss medication, as you will be prescribed starter doses.',
        description: 'We will not be able to change the prescription once approved by the doctor.',
        question_type: 'confirmation_buttons',
      },
      {
        id: '7',
        question: 'medical_conditions',
        label: 'Do you have any of these conditions?',
        sublabel: 'Choose all that apply.',
        question_type: 'multiple_option',
        important: true,
        options: [
          { title: 'Diabetes', order: 0 },
          // Stops the application through the stop screen that depends on it.
          { title: thyroidCancer, order: 1 },
          { title: 'Kidney disease', order: 2 },
          { title: 'None of these', order: 3 },
        ],
        followup_questions: {
          Diabetes: {
            id: '7a',
            question: 'diabetes_details',
            label: 'Tell us about your diabetes.',
            question_type: 'text',
            placeholder: 'Type, medication, last A1c',
          },
          'Kidney disease': {
            id: '7b',
            question: 'kidney_details',
            label: 'Tell us about your kidney disease.',
            question_type: 'textarea',
          },
        },
      },
      {
        id: 'stop',
        question: 'thyroid_stop',
        label: 'We cannot continue',
        description: stopText,
        question_type: 'informational',
        has_next_button: false,
      },
      {
        id: '5',
        question: 'current_weight',
        label: 'What is your current weight (lbs)?',
        question_type: 'integer',
        placeholder: 'e.g. 180',
        min: 80,
        max: 700,
      },
      {
        id: 'dose',
        question: 'next_dose_preference',
        label: 'Choose Dosage Schedule:',
        question_type: 'dose_optimization',
      },
      {
        id: 'photo',
        question: 'prescription_photo',
        label: 'Take a picture of your current prescription/medication',
        question_type: 'image_upload',
        file_type: 'image/*',
      },
      {
        id: 'consent',
        question: 'glp1_consent',
        label: 'Do you consent to treatment?',
        question_type: 'consent',
        important: true,
        options: [
          { title: consentAnswers.yes, order: 0 },
          { title: consentAnswers.no, order: 1, is_critical: true },
        ],
      },
    ],
    dependencies: [
      ...['8_1'].map((q) => ({
        question_id: q,
        dependent_on: '8',
        ask_if_val_in: [glp1UseOptions.semaglutide],
      })),
      { question_id: '8_2', dependent_on: '8', ask_if_val_in: [glp1UseOptions.tirzepatide] },
      ...['8_3', '10_1', 'photo'].map((q) => ({
        question_id: q,
        dependent_on: '8',
        ask_if_val_in: onGlp1,
      })),
      { question_id: '8_confirm', dependent_on: '8', ask_if_val_in: [glp1UseOptions.neither] },
      { question_id: 'stop', dependent_on: '7', ask_if_val_in: [thyroidCancer] },
    ],
  });
}

export function testOrder(overrides: Partial<FormsOrder> = {}): FormsOrder {
  return {
    status: 'success',
    order: { status: 'pending_approval', product_id: 11 },
    state: 'TX',
    providerId: 1,
    isTriz: true,
    isSema: false,
    health_id: null,
    currentDose: null,
    gender: 'Male',
    form: 1,
    drug: 'tirzepatide',
    paymentTerms: 3,
    paidCents: 44997,
    ...overrides,
  };
}

export function testLoader(overrides: Partial<LoaderState> = {}): LoaderState {
  return {
    activeFrm: 1,
    productName: 'tirzepatide',
    currentDose: null,
    userState: 'TX',
    product_id: 11,
    formId: '5',
    savedAt: Date.now(),
    version: '1.0',
    gender: 'Male',
    paymentTerms: 3,
    ...overrides,
  };
}
