/**
 * Moving the weekly injection day (issue 31): the drugs' US labels allow it "if necessary" as long
 * as two doses stay far enough apart, so the first dose on a new day is never sooner than this
 * after the last one logged. Kept as data, signed off like the missed-dose rules.
 *
 * - Semaglutide (Wegovy, prescribing information, Dosage and Administration): "the time between
 *   two doses is at least 2 days (>48 hours)".
 * - Tirzepatide (Zepbound, prescribing information, Dosage and Administration): "the time between
 *   2 doses is at least 3 days (72 hours)".
 */
import type { Drug } from '../constants/catalog';

export interface DoseGapRule {
  hours: number;
  /** Whether the gap must be more than `hours` (Wegovy's ">48 hours"), not just that long. */
  strictlyMore: boolean;
  label: string;
}

export const doseDayChangeGaps: { readonly [D in Drug]: DoseGapRule } = {
  semaglutide: {
    hours: 48,
    strictlyMore: true,
    label: 'Wegovy (semaglutide) injection, US prescribing information, Dosage and Administration',
  },
  tirzepatide: {
    hours: 72,
    strictlyMore: false,
    label:
      'Zepbound (tirzepatide) injection, US prescribing information, Dosage and Administration',
  },
};

/** Whether a dose at `nextAt` is far enough after one at `lastAt` for the drug's label. */
export function farEnoughApart(drug: Drug, lastAt: Date, nextAt: Date): boolean {
  const rule = doseDayChangeGaps[drug];
  const gap = nextAt.getTime() - lastAt.getTime();
  const minimum = rule.hours * 3_600_000;
  return rule.strictlyMore ? gap > minimum : gap >= minimum;
}
