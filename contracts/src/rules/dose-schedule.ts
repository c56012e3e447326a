/**
 * The dose ladders of the questionnaire and the dosage-schedule rules of spec 002 sections 4
 * and 6 that the form, the server's re-check and the clinician's console share: the strengths a
 * month may take, how a schedule follows from the current strength and the patient's wish, and
 * the starter schedules used when none was chosen. Strengths in mg.
 */
import type { Drug } from '../constants/catalog';

/** The questionnaire's strengths, lowest (the starting dose) first. */
export const doseLadders: Readonly<Record<Drug, readonly number[]>> = {
  semaglutide: [0.25, 0.5, 1, 1.7, 2.4],
  tirzepatide: [2.5, 5, 7.5, 10, 12.5, 15],
};

/** The first three months when no dose was chosen, and the dose kept after them. */
export const starterSchedules: Readonly<
  Record<Drug, { months: readonly number[]; maintenance: number }>
> = {
  semaglutide: { months: [0.25, 0.5, 1], maintenance: 2.4 },
  tirzepatide: { months: [2.5, 5, 7.5], maintenance: 10 },
};

export type DosePreference = 'increase' | 'same' | 'decrease';

/** Where a strength sits on the drug's ladder, or -1 when it is not one of its strengths. */
export function ladderStep(drug: Drug, strength: number): number {
  return doseLadders[drug].findIndex((s) => Math.abs(s - strength) < 1e-9);
}

function at(drug: Drug, step: number): number {
  const ladder = doseLadders[drug];
  return ladder[Math.max(0, Math.min(ladder.length - 1, step))] as number;
}

/**
 * The schedule on the same drug from the current strength: increase climbs one step a month
 * (capped at the top strength), same repeats it, decrease repeats one step lower (never below
 * the starting dose). An unknown current strength starts from the starter schedule.
 */
export function scheduleFrom(
  drug: Drug,
  current: number,
  preference: DosePreference,
  months: number,
): number[] {
  const step = ladderStep(drug, current);
  if (step < 0) return Array.from({ length: months }, (_, m) => at(drug, m));
  return Array.from({ length: months }, (_, m) => {
    if (preference === 'increase') return at(drug, step + 1 + m);
    if (preference === 'decrease') return at(drug, step - 1);
    return at(drug, step);
  });
}

/** Month 1's choices: same offers the current strength; increase adds the next, decrease the one below. */
export function monthOneChoices(drug: Drug, current: number, preference: DosePreference): number[] {
  const step = ladderStep(drug, current);
  if (step < 0) return [...doseLadders[drug]];
  const other = preference === 'increase' ? step + 1 : preference === 'decrease' ? step - 1 : step;
  return [...new Set([at(drug, step), at(drug, other)])].sort((a, b) => a - b);
}

/** A later month's choices: one step down, the same, and one step up from the month before. */
export function laterMonthChoices(drug: Drug, previous: number): number[] {
  const step = ladderStep(drug, previous);
  if (step < 0) return [...doseLadders[drug]];
  return [...new Set([at(drug, step - 1), at(drug, step), at(drug, step + 1)])];
}

/** The refill form's month 1: the current dose and one step either side, or every strength. */
export function refillMonthOneChoices(drug: Drug, current: number | null): number[] {
  const step = current === null ? -1 : ladderStep(drug, current);
  if (step < 0) return [...doseLadders[drug]];
  return [...new Set([at(drug, step - 1), at(drug, step), at(drug, step + 1)])];
}

/** Whether a schedule stays on the ladder and moves at most one step from month to month. */
export function isScheduleWithinLadder(drug: Drug, months: readonly number[]): boolean {
  const steps = months.map((m) => ladderStep(drug, m));
  return (
    steps.length > 0 &&
    steps.every((s) => s >= 0) &&
    steps.every((s, i) => i === 0 || Math.abs(s - (steps[i - 1] as number)) <= 1)
  );
}
