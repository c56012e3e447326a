/**
 * The adjust-doses form's schedule and submission (spec 002 sections 2, 4 and 7): the months
 * start at the prescribed schedule (or, when it is missing, tirzepatide 2.5, 5, 7.5 with
 * maintenance 10 and semaglutide 0.25, 0.5, 1 with maintenance 2.4); month 1 may take every
 * strength of the drug's ladder and each later month one step down, the same or one step up of
 * the month before (the medical form's DoseSchedule with doseChoices.ts); the body of POST
 * /api/submit-adjust-doses-form carries no answers, the photo as its one image, the months as
 * patientPreference and selectedDoses, and formType 'adjustDose'.
 */
import {
  doseLadders,
  drugLabels,
  fillMissingDoses,
  laterMonthChoices,
  parseStrength,
  questionKeys,
  sameStrength,
  type Drug,
} from '@clinic/contracts';
import { DEFAULT_MONTHS, type DoseContext } from '../medical-form';
import type { AdjustableOrder, AdjustDosesBody } from './prescriptionApi';

export const adjustTexts = {
  doseTitle: 'Customize Your Dosage Schedule:',
  // Verbatim, the spec's wording kept ("by feel free").
  doseDescription:
    'This is our recommended dosage based on the scenario above by feel free to customize (within dosing parameters)',
  photoTitle: 'Take a picture of your current prescription/medication',
  photoDescription:
    'Your prescription must include your name. Without a picture of your current prescription or medication, the doctor will not consider starting you at a higher dose.',
} as const;

/** The label of the photo in the submission's images. */
export const photoLabel = adjustTexts.photoTitle;

/**
 * The dose chooser's context: with no current dose on form 3 the medical form's rules offer
 * every strength in month 1 (refillMonthOneChoices), which is what adjust-doses asks for.
 */
export function adjustDoseContext(drug: Drug): DoseContext {
  return { drug, form: 3, currentDose: null, answers: {} };
}

export interface Schedule {
  drug: Drug;
  /** Each month's strength as the selects hold it ("2.5"); '' for none. */
  doses: string[];
  maintenance: string;
  product_id: number | null;
}

const onLadder = (drug: Drug, strength: number | null | undefined) =>
  strength !== null &&
  strength !== undefined &&
  doseLadders[drug].some((s) => sameStrength(s, strength));

/**
 * The months shown first: the prescribed schedule when it has strengths of the drug (at least
 * three months, the last repeated), else the starter schedule. A later month the chooser would
 * not offer (more than one step from the month before) is left empty to be chosen again.
 */
export function scheduleOf(drug: Drug, order: AdjustableOrder | null): Schedule {
  const prescribed = order && order.drug === drug ? order.doseSchedule : [];
  const filled = fillMissingDoses(drug, prescribed);
  const months = [...filled.months];
  while (months.length < DEFAULT_MONTHS) months.push(months[months.length - 1] as number);
  const doses = months.map(String);
  for (let m = 1; m < doses.length; m += 1) {
    const previous = parseStrength(doses[m - 1]);
    const current = parseStrength(doses[m]);
    // After an emptied month every strength is offered (doseChoices' monthOptions).
    if (previous === null || current === null) continue;
    if (!laterMonthChoices(drug, previous).some((s) => sameStrength(s, current))) doses[m] = '';
  }
  const maintenance =
    order && order.drug === drug && onLadder(drug, order.maintenanceDose)
      ? (order.maintenanceDose as number)
      : filled.maintenance;
  return { drug, doses, maintenance: String(maintenance), product_id: order?.product_id ?? null };
}

export interface PatientName {
  first_name?: string;
  last_name?: string;
  email?: string;
}

/** The body of POST /api/submit-adjust-doses-form. */
export function adjustmentBody(input: {
  formId: string;
  schedule: Schedule;
  photo: string;
  patient: PatientName;
}): AdjustDosesBody {
  const { drug } = input.schedule;
  const chosen = input.schedule.doses.map((d) => (d === '' ? null : parseStrength(d)));
  // Spec 002 section 4: missing doses take the drug's starter schedule and its maintenance.
  const complete = chosen.length > 0 && chosen.every((d) => onLadder(drug, d));
  const filled = fillMissingDoses(drug, chosen);
  const maintenance = parseStrength(input.schedule.maintenance);
  const userInfo = Object.fromEntries(
    Object.entries(input.patient).filter(([, v]) => v !== undefined && v !== ''),
  );
  const body: AdjustDosesBody = {
    answers: [],
    images: [
      {
        id: questionKeys.prescriptionPhoto,
        question: questionKeys.prescriptionPhoto,
        label: photoLabel,
        answer: input.photo,
        type: 'image_upload',
      },
    ],
    patientPreference: filled.months,
    selectedDoses: filled.months,
    maintanenceDose:
      complete && onLadder(drug, maintenance) ? (maintenance as number) : filled.maintenance,
    form_id: input.formId,
    userInfo,
    productPurchased: drugLabels[drug],
    isRefil: false,
    formType: 'adjustDose',
  };
  if (input.schedule.product_id !== null) body.product_id = input.schedule.product_id;
  return body;
}
