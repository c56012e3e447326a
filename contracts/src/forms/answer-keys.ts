/**
 * The question ids, keys and option titles that the questionnaire rules read (spec 002 sections
 * 4 and 5): the GLP-1 history that pre-fills the dose schedule, the "No - I affirm" answers sent
 * as additional details, the consent answers and the special-necessities questions. The
 * questionnaire files use exactly these; a test in the forms service holds them to it.
 */

export const questionIds = {
  /** Pregnancy and breastfeeding, asked of women only. */
  pregnancy: '0',
  /** Whether the patient takes a GLP-1 now, and which. */
  glp1Use: '8',
  semaglutideStrength: '8_1',
  tirzepatideStrength: '8_2',
  lastDoseTiming: '8_3',
  confirmNoGlp1: '8_confirm',
  dosePreference: '10_1',
  medicalConditions: '7_1',
  medicalConditionDetails: '7_2',
  medications: '7_3',
  medicationDetails: '7_4',
  allergies: '21_1',
  allergyDetails: '21_2',
} as const;

export const questionKeys = {
  glp1Use: 'current_weight_meds',
  confirmNoGlp1: 'confirm_no_weight_meds',
  doseSchedule: 'next_dose_preference',
  consent: 'glp1_consent',
  floridaBillOfRights: 'florida_bill_of_rights',
  stateRestriction: 'state_restriction',
  prescriptionPhoto: 'prescription_photo',
  currentWeight: 'current_weight',
  /** Less than the current weight, as the quiz's desired weight is (spec 000 step 9). */
  goalWeight: 'goal_weight',
} as const;

/** Question 8's answers. */
export const glp1UseOptions = {
  semaglutide: 'Yes, semaglutide (Ozempic, Wegovy or compounded semaglutide)',
  tirzepatide: 'Yes, tirzepatide (Mounjaro, Zepbound or compounded tirzepatide)',
  neither: 'No, I am not taking a GLP-1 medication',
} as const;

/** Question 8_3: when the last GLP-1 dose was taken. */
export const lastDoseTimingOptions = {
  withinTwoWeeks: 'Within last 2 weeks',
  twoToFourWeeks: '2 to 4 weeks ago',
  overAMonth: 'More than a month ago',
} as const;

/** Question 10_1: what the patient wants from their next dose. */
export const dosePreferenceOptions = {
  increase: 'Increase my dose',
  same: 'Stay on the same dose',
  decrease: 'Decrease my dose',
} as const;

/** Spec 002 section 5: the consent question's two answers, verbatim. */
export const consentAnswers = {
  yes: 'YES, I CONSENT to being treated with GLP-1 agonists. I have reviewed the risks and benefits above.',
  no: 'NO, I DO NOT consent to being treated with a GLP-1',
} as const;

/** The "No - I affirm..." answers, sent as they are in additional_details. */
export const affirmations = {
  medicalConditions:
    'No - I affirm I have no other medical conditions and have not had surgery on my stomach or intestines.',
  medications:
    'No - I affirm I am not taking any other prescription medications, over-the-counter medications or supplements.',
  allergies: 'No - I affirm I have no known allergies to medications, foods or other substances.',
} as const;

/** The answer that opens a details follow-up on 7_1, 7_3 and 21_1. */
export const yesAnswer = 'Yes';
export const noAnswer = 'No';

/** Spec 002 section 5, special necessities: the question keys each statement reads. */
export const specialNecessityKeys = {
  /** An integer from 1 to 10; above 7 counts as nausea sensitivity. */
  motionSickness: 'motion_sickness_score',
  nausea: ['nauseated_gi', 'nauseated_experience'],
  muscleLoss: ['muscle_loss_concern', 'muscle_loss_activity'],
  fatigue: ['anemia_history', 'low_energy', 'low_vitamin_levels'],
  flexibleDosing: ['forcefully_injected', 'personalized_levels', 'doases_personalized_during'],
} as const;

/**
 * The short names of the patient's photos, by their question key (and the portal's re-upload
 * types, which are the same keys): what the clinician's case view calls each file.
 */
export const photoLabels = {
  full_body_image: 'Full-body photo',
  id_image: 'Photo ID',
  prescription_photo: 'Current prescription',
  prescription_image: 'Current prescription',
  font_facing_image: 'Front-facing photo',
  top_head_image: 'Top of the head photo',
  id_front_image: 'Photo ID (front)',
  id_back_image: 'Photo ID (back)',
} as const;

/** The short name of the photo answering question `key`, when it has one. */
export function photoLabelOf(key: string): string | undefined {
  return Object.hasOwn(photoLabels, key) ? photoLabels[key as keyof typeof photoLabels] : undefined;
}
