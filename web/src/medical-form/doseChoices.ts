/**
 * The dose schedule question's pre-fill and dropdown choices (spec 002 section 4, "Dose
 * defaulting and choices"), from the contracts' schedule rules: the pre-fill follows the
 * patient's GLP-1 history; month 1 is limited by it (the refill form by the current dose); each
 * later month offers one step down, the same and one step up of the month before.
 */
import {
  currentTreatment,
  defaultSchedule,
  doseLadders,
  firstMonthChoices,
  laterMonthChoices,
  maintenanceChoices,
  parseStrength,
  refillMonthOneChoices,
  starterSchedules,
  type Answers,
  type CurrentTreatment,
  type Drug,
} from '@clinic/contracts';
import type { FormNumber } from './loaderState';

/** Spec 002 section 9: three months by default. */
export const DEFAULT_MONTHS = 3;

export interface DoseContext {
  drug: Drug;
  form: FormNumber;
  /** The current prescription's strength (refill form), or null. */
  currentDose: number | null;
  answers: Answers;
}

/** The GLP-1 the patient takes now: from the answers, or on the refill form the current dose. */
export function treatmentOf(ctx: DoseContext): CurrentTreatment | null {
  const fromAnswers = currentTreatment(ctx.answers);
  if (fromAnswers || ctx.form !== 3 || ctx.currentDose === null) return fromAnswers;
  // A refill continues the current prescription unless the patient picks otherwise.
  return { drug: ctx.drug, strength: ctx.currentDose, timing: null, preference: 'same' };
}

/** The schedule shown when the question is first reached, as strings ("2.5"). */
export function prefilledDoses(ctx: DoseContext, months = DEFAULT_MONTHS): string[] {
  return defaultSchedule(ctx.drug, treatmentOf(ctx), months).map(String);
}

/**
 * Month 1's strengths: on the refill form the current dose and one step either side (every
 * strength when it is unknown); on a first-time form the contracts' `firstMonthChoices` (the
 * starting dose for a new patient, by their wish around the current strength on the same drug,
 * around the transition strength on a switch), which the server checks again.
 */
export function monthOneOptions(ctx: DoseContext): number[] {
  if (ctx.form === 3) return refillMonthOneChoices(ctx.drug, ctx.currentDose);
  return firstMonthChoices(ctx.drug, currentTreatment(ctx.answers));
}

/** Each month's strengths, month 2 on from the month before as chosen. */
export function monthOptions(ctx: DoseContext, doses: readonly string[]): number[][] {
  return doses.map((_, m) => {
    if (m === 0) return monthOneOptions(ctx);
    const previous = parseStrength(doses[m - 1]);
    return previous === null ? [...doseLadders[ctx.drug]] : laterMonthChoices(ctx.drug, previous);
  });
}

/**
 * The doses after month `m` is set to `value`: a later month whose strength is no longer one of
 * its choices is emptied, for the patient to choose again.
 */
export function chooseDose(
  ctx: DoseContext,
  doses: readonly string[],
  m: number,
  value: string,
): string[] {
  const next = doses.map((d, i) => (i === m ? value : d));
  for (let i = m + 1; i < next.length; i += 1) {
    const options = monthOptions(ctx, next)[i] ?? [];
    const current = parseStrength(next[i]);
    if (current === null || !options.some((o) => Math.abs(o - current) < 0.0001)) next[i] = '';
  }
  return next;
}

/** The maintenance choices (2.5 to 15 mg for tirzepatide; the semaglutide ladder). */
export const maintenanceOptions = (drug: Drug): readonly number[] => maintenanceChoices(drug);
export const defaultMaintenance = (drug: Drug): string =>
  String(starterSchedules[drug].maintenance);

/** "Month 1".."Month 3"; extra rows "Month 4", "Month 5", then "Month 6-12". */
export function monthLabel(m: number): string {
  if (m < DEFAULT_MONTHS + 2) return `Month ${m + 1}`;
  return 'Month 6-12';
}

/** "2.5 mg (Starting Dose)" for the first strength of the ladder, else "5 mg". */
export function strengthLabel(drug: Drug, strength: number): string {
  const starting = Math.abs((doseLadders[drug][0] as number) - strength) < 0.0001;
  return `${strength} mg${starting ? ' (Starting Dose)' : ''}`;
}

/** The dose question's answer: each month's strength as the selects hold it ("2.5"). */
export function doseAnswer(doses: readonly string[]): string[] {
  return [...doses];
}

/** The doses of a dose question's answer ("5" or "5 mg"), as the selects hold them. */
export function dosesFromAnswer(answer: readonly string[]): string[] {
  return answer.map((entry) => {
    const strength = parseStrength(entry);
    return strength === null ? '' : String(strength);
  });
}
