/**
 * What a patient does about a weekly dose that was not logged (issue 31, item 3): the drugs'
 * US labels kept as data, signed off like the dose ladders, and read by the portal's "This week"
 * card and the next day's reminder alike.
 *
 * - Semaglutide (Wegovy, prescribing information 2.3): a missed dose is taken as soon as possible
 *   when the next scheduled dose is more than 2 days (48 hours) away; otherwise it is skipped and
 *   the patient goes on on the usual day.
 * - Tirzepatide (Zepbound, prescribing information 2.2): a missed dose is taken as soon as
 *   possible within 4 days (96 hours) of when it was due; after that it is skipped.
 * - Two or more weeks missed in a row: the labels leave restarting to the prescriber (a lower dose
 *   may be needed to avoid stomach side effects), so the patient is told not to resume alone and
 *   the case is flagged for the clinician.
 */
import type { Drug } from '../constants/catalog';
import { triageDeadlineHours } from './side-effect-triage';

const hour = 3_600_000;

export type MissedDoseRule =
  | { drug: 'semaglutide'; kind: 'next-dose-more-than'; hours: number; label: string }
  | { drug: 'tirzepatide'; kind: 'within-after-due'; hours: number; label: string };

export const missedDoseRules: { readonly [D in Drug]: Extract<MissedDoseRule, { drug: D }> } = {
  semaglutide: {
    drug: 'semaglutide',
    kind: 'next-dose-more-than',
    hours: 48,
    label: 'Wegovy (semaglutide) injection, US prescribing information, section 2.3',
  },
  tirzepatide: {
    drug: 'tirzepatide',
    kind: 'within-after-due',
    hours: 96,
    label: 'Zepbound (tirzepatide) injection, US prescribing information, section 2.2',
  },
};

/** Missed weeks in a row from which the patient waits for the clinician before the next dose. */
export const missedWeeksBeforeRestartReview = 2;

/**
 * Hours the clinician has to answer a case flagged for missed weeks (forms'
 * `missed-doses-flagged`): the side-effect triage's "clinician within 24 hours".
 */
export const missedDosesReviewHours = triageDeadlineHours.clinician;

export type MissedDoseAction = 'take-now' | 'skip' | 'ask-clinician';

export interface MissedDoseAdvice {
  action: MissedDoseAction;
  /** Until when a missed dose may still be taken (take-now only). */
  takeBy: Date | null;
  /** Whether the clinician must see the case before the patient doses again. */
  flagForClinician: boolean;
  /** What the card and the reminder say, in plain words. */
  text: string;
}

export interface MissedDose {
  drug: Drug;
  /** When the missed dose was due. */
  dueAt: Date;
  /** When the next weekly dose is due. */
  nextDueAt: Date;
  now: Date;
  /** Weeks in a row with no dose logged, this one included. */
  missedInARow: number;
}

/** The last moment the missed dose may still be taken under the drug's label. */
export function missedDoseDeadline(drug: Drug, dueAt: Date, nextDueAt: Date): Date {
  const rule = missedDoseRules[drug];
  return rule.kind === 'next-dose-more-than'
    ? new Date(nextDueAt.getTime() - rule.hours * hour)
    : new Date(dueAt.getTime() + rule.hours * hour);
}

/** The advice for a dose that was not logged, by the label rule in force for its drug. */
export function missedDoseAdvice(missed: MissedDose): MissedDoseAdvice {
  const name = missed.drug;
  if (missed.missedInARow >= missedWeeksBeforeRestartReview) {
    return {
      action: 'ask-clinician',
      takeBy: null,
      flagForClinician: true,
      text:
        `You have missed ${missed.missedInARow} weekly doses in a row. Do not restart ${name} on your own: ` +
        'your clinician may need to start you again at a lower dose. Message them from the Doctor tab of your portal before your next dose: they can see the weeks you missed.',
    };
  }
  const deadline = missedDoseDeadline(missed.drug, missed.dueAt, missed.nextDueAt);
  // Semaglutide: strictly more than 48 hours before the next dose; tirzepatide: up to 96 hours.
  const stillInTime =
    missedDoseRules[missed.drug].kind === 'next-dose-more-than'
      ? missed.now.getTime() < deadline.getTime()
      : missed.now.getTime() <= deadline.getTime();
  if (stillInTime) {
    return {
      action: 'take-now',
      takeBy: deadline,
      flagForClinician: false,
      text: `You missed this week's ${name} dose. Take it as soon as you can, then take your next dose on your usual day.`,
    };
  }
  return {
    action: 'skip',
    takeBy: null,
    flagForClinician: false,
    text: `You missed this week's ${name} dose and it is too late to take it. Skip it, and take your next dose on your usual day. Do not take two doses to catch up.`,
  };
}
