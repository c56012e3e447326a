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
  return doseLadders[drug].findIndex((s) => sameStrength(s, strength));
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

export type LastDoseTiming = 'withinTwoWeeks' | 'twoToFourWeeks' | 'overAMonth';

/**
 * The first strength on a new drug when the patient switches (spec 002 sections 4 and 9): from
 * tirzepatide to semaglutide always the starting 0.25 mg; from semaglutide to tirzepatide by the
 * current strength and how long ago the last dose was. A dose within two weeks carries over to
 * the roughly equivalent tirzepatide strength; two to four weeks ago one step gentler; more than a
 * month ago (tolerance lost) the starting dose. Unknown strengths fall back to the starting dose.
 * The spec does not give the values: these follow common conversion practice (roughly 1 mg
 * semaglutide to 5 mg tirzepatide) and await the medical director's sign-off.
 */
export const semaglutideToTirzepatide: Readonly<Record<LastDoseTiming, Record<string, number>>> = {
  withinTwoWeeks: { '0.25': 2.5, '0.5': 2.5, '1': 5, '1.7': 7.5, '2.4': 10 },
  twoToFourWeeks: { '0.25': 2.5, '0.5': 2.5, '1': 2.5, '1.7': 5, '2.4': 7.5 },
  overAMonth: { '0.25': 2.5, '0.5': 2.5, '1': 2.5, '1.7': 2.5, '2.4': 2.5 },
};

/** The strength a patient switching from `from` to `to` starts on. */
export function transitionStrength(
  from: Drug,
  to: Drug,
  current: number,
  timing: LastDoseTiming | null,
): number {
  const start = doseLadders[to][0] as number;
  if (from === to) return current;
  if (to === 'semaglutide') return start;
  const row = semaglutideToTirzepatide[timing ?? 'overAMonth'];
  const key = String(doseLadders.semaglutide[ladderStep('semaglutide', current)] ?? '');
  return row[key] ?? start;
}

/** What the dose pre-fill reads from the GLP-1 questions (8, 8_1/8_2, 8_3, 10_1). */
export interface CurrentTreatment {
  drug: Drug;
  strength: number;
  timing: LastDoseTiming | null;
  preference: DosePreference;
}

/**
 * The schedule pre-filled when the dose question is reached (spec 002 section 4, "Dose
 * defaulting"): a new patient gets the starter schedule; one on the ordered drug continues from
 * the current strength by their wish; one switching drugs starts from the transition strength
 * and follows the same progression from there (switching never climbs in its first month).
 */
export function defaultSchedule(
  ordered: Drug,
  current: CurrentTreatment | null,
  months = 3,
): number[] {
  if (!current || ladderStep(current.drug, current.strength) < 0) {
    const starter = starterSchedules[ordered].months;
    return Array.from(
      { length: months },
      (_, m) => starter[Math.min(m, starter.length - 1)] as number,
    );
  }
  if (current.drug === ordered)
    return scheduleFrom(ordered, current.strength, current.preference, months);
  const start = transitionStrength(current.drug, ordered, current.strength, current.timing);
  const rest = scheduleFrom(
    ordered,
    start,
    current.preference === 'increase' ? 'increase' : 'same',
    months - 1,
  );
  return [start, ...rest];
}

/** The starter schedule, for a dose left unchosen at submission (spec 002 section 5). */
export function fillMissingDoses(
  drug: Drug,
  months: readonly (number | null)[],
): { months: number[]; maintenance: number } {
  const starter = starterSchedules[drug];
  if (months.length > 0 && months.every((m) => m !== null && ladderStep(drug, m) >= 0))
    return { months: months as number[], maintenance: starter.maintenance };
  return { months: [...starter.months], maintenance: starter.maintenance };
}

/** A strength as the questionnaire writes it ("1.7 mg", "2.5") read as a number, or null. */
export function parseStrength(text: string | undefined): number | null {
  const match = /(\d+(?:\.\d+)?)/.exec(text ?? '');
  return match ? Number(match[1]) : null;
}

/** Two strengths are the same within the spec's tolerance of 0.0001. */
export function sameStrength(a: number, b: number): boolean {
  return Math.abs(a - b) < 0.0001;
}

/**
 * The strengths month 1 may take on a first-time form (spec 002 section 4, "Dropdown choices"):
 * a patient new to GLP-1s starts on the starting dose; one on the ordered drug by their wish
 * (same: the current strength; increase: it or the next; decrease: it or the one below); one
 * switching drugs the transition strength (or the one below it for decrease).
 */
export function firstMonthChoices(ordered: Drug, current: CurrentTreatment | null): number[] {
  if (!current || ladderStep(current.drug, current.strength) < 0)
    return [doseLadders[ordered][0] as number];
  if (current.drug === ordered)
    return monthOneChoices(ordered, current.strength, current.preference);
  const start = transitionStrength(current.drug, ordered, current.strength, current.timing);
  return monthOneChoices(ordered, start, current.preference === 'decrease' ? 'decrease' : 'same');
}

/** The maintenance strengths offered: every strength of the drug's ladder. */
export function maintenanceChoices(drug: Drug): number[] {
  return [...doseLadders[drug]];
}
