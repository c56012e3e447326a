import { glp1UseOptions, dosePreferenceOptions, lastDoseTimingOptions } from '@clinic/contracts';
import {
  doseAnswer,
  dosesFromAnswer,
  monthLabel,
  monthOneOptions,
  prefilledDoses,
  strengthLabel,
  type DoseContext,
} from './doseChoices';

const ctx = (overrides: Partial<DoseContext> = {}): DoseContext => ({
  drug: 'tirzepatide',
  form: 1,
  currentDose: null,
  answers: {},
  ...overrides,
});

describe('dose choices', () => {
  it('labels the months 1 to 5, then 6-12', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(monthLabel)).toEqual([
      'Month 1',
      'Month 2',
      'Month 3',
      'Month 4',
      'Month 5',
      'Month 6-12',
      'Month 6-12',
    ]);
  });

  it('marks the starting dose', () => {
    expect(strengthLabel('semaglutide', 0.25)).toBe('0.25 mg (Starting Dose)');
    expect(strengthLabel('semaglutide', 1.7)).toBe('1.7 mg');
  });

  it('answers with the strengths, and reads a written strength back', () => {
    expect(doseAnswer(['5', '5', '5'])).toEqual(['5', '5', '5']);
    expect(dosesFromAnswer(['5 mg', '7.5', 'x'])).toEqual(['5', '7.5', '']);
  });

  it('starts a patient switching from semaglutide at the transition strength', () => {
    const answers = {
      '8': glp1UseOptions.semaglutide,
      '8_1': '1.7 mg',
      '8_3': lastDoseTimingOptions.withinTwoWeeks,
      '10_1': dosePreferenceOptions.same,
    };
    expect(prefilledDoses(ctx({ answers }))).toEqual(['7.5', '7.5', '7.5']);
    expect(monthOneOptions(ctx({ answers }))).toEqual([7.5]);
  });

  it('offers every strength on a refill without a known current dose', () => {
    expect(monthOneOptions(ctx({ form: 3 }))).toEqual([2.5, 5, 7.5, 10, 12.5, 15]);
    expect(prefilledDoses(ctx({ form: 3 }))).toEqual(['2.5', '5', '7.5']);
  });
});
