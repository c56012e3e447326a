import {
  ageOn,
  bmiOf,
  dateOfBirthProblem,
  formatDob,
  intakeMessages,
  isValidName,
  splitPastedPhone,
} from './intake';
import { intakeDisqualification, planBmiDisqualification } from './disqualification';
import { stateRulesSeed } from './state-rule-checks';

const today = new Date('2026-11-22T12:00:00Z');

describe('intake rules shared by the quiz and the intake service', () => {
  it('computes BMI as weight x 703 / inches squared, to one decimal', () => {
    expect(bmiOf(240, 70)).toBe(34.4);
    expect(bmiOf(160, 70)).toBe(23);
  });

  it.each([
    [{ mm: 2, dd: 29, yyyy: 2000 }, null],
    [{ mm: 2, dd: 29, yyyy: 2001 }, intakeMessages.dobInvalid],
    [{ mm: 2, dd: 31, yyyy: 1990 }, intakeMessages.dobInvalid],
    [{ mm: 13, dd: 1, yyyy: 1990 }, intakeMessages.dobInvalid],
    [{ mm: 1, dd: 1, yyyy: 1924 }, null],
    [{ mm: 12, dd: 31, yyyy: 1923 }, intakeMessages.dobInvalid],
    [{ mm: 11, dd: 22, yyyy: 2026 }, null],
    [{ mm: 11, dd: 23, yyyy: 2026 }, intakeMessages.dobInvalid],
    [{ mm: 3, dd: null, yyyy: 1990 }, intakeMessages.dobIncomplete],
    [{ mm: 3, dd: Number.NaN, yyyy: 1990 }, intakeMessages.dobIncomplete],
  ])('judges the date of birth %j', (dob, expected) => {
    expect(dateOfBirthProblem(dob, today)).toBe(expected);
  });

  it('stores the date of birth as MM/DD/YYYY and counts whole years', () => {
    expect(formatDob({ mm: 3, dd: 4, yyyy: 1985 })).toBe('03/04/1985');
    expect(ageOn({ mm: 11, dd: 22, yyyy: 2000 }, today)).toBe(26);
    expect(ageOn({ mm: 11, dd: 23, yyyy: 2000 }, today)).toBe(25);
  });

  it('splits a pasted ten-digit number whatever its formatting, and nothing else', () => {
    expect(splitPastedPhone('(512) 555-0147')).toEqual({
      areaCode: '512',
      prefix: '555',
      line: '0147',
    });
    expect(splitPastedPhone('+1 512.555.0147')).toEqual({
      areaCode: '512',
      prefix: '555',
      line: '0147',
    });
    expect(splitPastedPhone('555-0147')).toBeNull();
  });

  it('accepts names in any script and refuses markup and digits', () => {
    expect(isValidName('José-María')).toBe(true);
    expect(isValidName("D'Angelo Jr.")).toBe(true);
    expect(isValidName('<b>x</b>')).toBe(false);
    expect(isValidName('R2D2')).toBe(false);
    expect(isValidName('a'.repeat(51))).toBe(false);
  });

  it('disqualifies at submission by state, then age, then a BMI below 20', () => {
    const ok = { state: 'TX', birthYear: 1990, age: 36, bmi: 30 };
    expect(intakeDisqualification(ok, stateRulesSeed)).toBeNull();
    for (const state of ['LA', 'MS', 'AL'])
      expect(intakeDisqualification({ ...ok, state }, stateRulesSeed)).toBe('state_not_available');
    const wyomingToo = { ...stateRulesSeed, blockedStates: ['LA', 'MS', 'AL', 'WY'] };
    expect(intakeDisqualification({ ...ok, state: 'WY' }, stateRulesSeed)).toBeNull();
    expect(intakeDisqualification({ ...ok, state: 'WY' }, wyomingToo)).toBe('state_not_available');
    expect(intakeDisqualification({ ...ok, birthYear: 2007, age: 19 }, stateRulesSeed)).toBe(
      'under_18',
    );
    expect(intakeDisqualification({ ...ok, birthYear: 2006, age: 20 }, stateRulesSeed)).toBeNull();
    expect(intakeDisqualification({ ...ok, bmi: 19.9 }, stateRulesSeed)).toBe('bmi_below_20');
    expect(intakeDisqualification({ ...ok, bmi: 22 }, stateRulesSeed)).toBeNull();
  });

  it('asks 25 of new users and 20 of current GLP-1 users on the plan page', () => {
    expect(planBmiDisqualification(24.9, false)).toBe('bmi_below_25');
    expect(planBmiDisqualification(25, false)).toBeNull();
    expect(planBmiDisqualification(24.9, true)).toBeNull();
    expect(planBmiDisqualification(19.9, true)).toBe('bmi_below_20');
  });

  // The minimums are "at least": a visitor exactly at 20.0 (or 25.0) qualifies. The BMIs come
  // from real answers at 6 ft 3 in (75 in), whose unrounded values sit just below the minimum, so
  // the rules must apply to the rounded BMI the spec defines.
  describe('at exactly the BMI minimum', () => {
    const at75 = (lbs: number) => bmiOf(lbs, 75);
    const ok = { state: 'TX', birthYear: 1990, age: 36 };

    it('rounds 160 and 159 lbs at 75 in to 20.0 and 19.9, 200 and 199 lbs to 25.0 and 24.9', () => {
      expect([at75(160), at75(159), at75(200), at75(199)]).toEqual([20, 19.9, 25, 24.9]);
    });

    it('lets a BMI of exactly 20.0 through at submission, not 19.9', () => {
      expect(intakeDisqualification({ ...ok, bmi: at75(160) }, stateRulesSeed)).toBeNull();
      expect(intakeDisqualification({ ...ok, bmi: at75(159) }, stateRulesSeed)).toBe(
        'bmi_below_20',
      );
    });

    it('qualifies a current GLP-1 user at exactly 20.0 on the plan page, not at 19.9', () => {
      expect(planBmiDisqualification(at75(160), true)).toBeNull();
      expect(planBmiDisqualification(at75(159), true)).toBe('bmi_below_20');
    });

    it('qualifies a new user at exactly 25.0 on the plan page, not at 24.9', () => {
      expect(planBmiDisqualification(at75(200), false)).toBeNull();
      expect(planBmiDisqualification(at75(199), false)).toBe('bmi_below_25');
    });
  });
});
