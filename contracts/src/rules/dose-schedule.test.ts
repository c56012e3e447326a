import {
  defaultSchedule,
  firstMonthChoices,
  doseLadders,
  fillMissingDoses,
  isScheduleWithinLadder,
  ladderStep,
  parseStrength,
  sameStrength,
  transitionStrength,
  type LastDoseTiming,
  laterMonthChoices,
  monthOneChoices,
  refillMonthOneChoices,
  scheduleFrom,
  starterSchedules,
} from './dose-schedule';

describe('dose ladders and schedules', () => {
  it('are the questionnaire’s strengths and starter schedules', () => {
    expect(doseLadders.semaglutide).toEqual([0.25, 0.5, 1, 1.7, 2.4]);
    expect(doseLadders.tirzepatide).toEqual([2.5, 5, 7.5, 10, 12.5, 15]);
    expect(starterSchedules.tirzepatide).toEqual({ months: [2.5, 5, 7.5], maintenance: 10 });
    expect(starterSchedules.semaglutide).toEqual({ months: [0.25, 0.5, 1], maintenance: 2.4 });
  });

  it('follow the wish on the same drug: climb capped at the top, repeat, or one step lower', () => {
    expect(scheduleFrom('tirzepatide', 7.5, 'increase', 3)).toEqual([10, 12.5, 15]);
    expect(scheduleFrom('tirzepatide', 12.5, 'increase', 3)).toEqual([15, 15, 15]);
    expect(scheduleFrom('semaglutide', 1, 'same', 3)).toEqual([1, 1, 1]);
    expect(scheduleFrom('semaglutide', 1, 'decrease', 3)).toEqual([0.5, 0.5, 0.5]);
    expect(scheduleFrom('semaglutide', 0.25, 'decrease', 2)).toEqual([0.25, 0.25]);
    expect(scheduleFrom('tirzepatide', 6, 'same', 3)).toEqual([2.5, 5, 7.5]);
  });

  it('offer month 1 by the wish, later months one step around the month before', () => {
    expect(monthOneChoices('tirzepatide', 5, 'same')).toEqual([5]);
    expect(monthOneChoices('tirzepatide', 5, 'increase')).toEqual([5, 7.5]);
    expect(monthOneChoices('tirzepatide', 5, 'decrease')).toEqual([2.5, 5]);
    expect(monthOneChoices('tirzepatide', 15, 'increase')).toEqual([15]);
    expect(laterMonthChoices('semaglutide', 1)).toEqual([0.5, 1, 1.7]);
    expect(laterMonthChoices('semaglutide', 0.25)).toEqual([0.25, 0.5]);
    expect(laterMonthChoices('semaglutide', 2.4)).toEqual([1.7, 2.4]);
    expect(refillMonthOneChoices('tirzepatide', 10)).toEqual([7.5, 10, 12.5]);
    expect(refillMonthOneChoices('tirzepatide', null)).toEqual(doseLadders.tirzepatide);
  });

  it('refuse a strength off the ladder or a jump of more than one step', () => {
    expect(isScheduleWithinLadder('tirzepatide', [2.5, 5, 7.5])).toBe(true);
    expect(isScheduleWithinLadder('tirzepatide', [5, 5, 2.5])).toBe(true);
    expect(isScheduleWithinLadder('tirzepatide', [2.5, 7.5])).toBe(false);
    expect(isScheduleWithinLadder('semaglutide', [0.25, 0.3])).toBe(false);
    expect(isScheduleWithinLadder('semaglutide', [])).toBe(false);
  });
});

describe('switching drugs and pre-filling the schedule', () => {
  it('starts semaglutide at 0.25 mg from any tirzepatide strength and timing', () => {
    for (const strength of doseLadders.tirzepatide)
      for (const timing of ['withinTwoWeeks', 'twoToFourWeeks', 'overAMonth', null] as const)
        expect(transitionStrength('tirzepatide', 'semaglutide', strength, timing)).toBe(0.25);
  });

  it('maps semaglutide to tirzepatide by strength and how recent the last dose was', () => {
    const row = (timing: LastDoseTiming) =>
      doseLadders.semaglutide.map((s) =>
        transitionStrength('semaglutide', 'tirzepatide', s, timing),
      );
    expect(row('withinTwoWeeks')).toEqual([2.5, 2.5, 5, 7.5, 10]);
    expect(row('twoToFourWeeks')).toEqual([2.5, 2.5, 2.5, 5, 7.5]);
    expect(row('overAMonth')).toEqual([2.5, 2.5, 2.5, 2.5, 2.5]);
    // Every value is a tirzepatide strength of 2.5 to 10 mg, never above the recent-dose mapping.
    for (const timing of ['withinTwoWeeks', 'twoToFourWeeks', 'overAMonth'] as const)
      for (const v of row(timing)) expect([2.5, 5, 7.5, 10]).toContain(v);
    expect(transitionStrength('semaglutide', 'tirzepatide', 0.8, 'withinTwoWeeks')).toBe(2.5);
    expect(transitionStrength('semaglutide', 'tirzepatide', 1, null)).toBe(2.5);
  });

  it('pre-fills the starter schedule for a new patient, for three or more months', () => {
    expect(defaultSchedule('tirzepatide', null)).toEqual([2.5, 5, 7.5]);
    expect(defaultSchedule('semaglutide', null, 4)).toEqual([0.25, 0.5, 1, 1]);
  });

  it('continues the same drug by the wish, and a switch from the transition strength', () => {
    const on = (
      drug: 'semaglutide' | 'tirzepatide',
      strength: number,
      preference: 'increase' | 'same' | 'decrease',
      timing: LastDoseTiming | null = 'withinTwoWeeks',
    ) => ({ drug, strength, preference, timing });
    expect(defaultSchedule('tirzepatide', on('tirzepatide', 5, 'increase'))).toEqual([
      7.5, 10, 12.5,
    ]);
    expect(defaultSchedule('tirzepatide', on('tirzepatide', 15, 'increase'))).toEqual([15, 15, 15]);
    expect(defaultSchedule('tirzepatide', on('tirzepatide', 5, 'same'))).toEqual([5, 5, 5]);
    expect(defaultSchedule('tirzepatide', on('tirzepatide', 2.5, 'decrease'))).toEqual([
      2.5, 2.5, 2.5,
    ]);
    expect(defaultSchedule('tirzepatide', on('semaglutide', 1.7, 'increase'))).toEqual([
      7.5, 10, 12.5,
    ]);
    expect(defaultSchedule('tirzepatide', on('semaglutide', 1.7, 'same', 'overAMonth'))).toEqual([
      2.5, 2.5, 2.5,
    ]);
    expect(defaultSchedule('semaglutide', on('tirzepatide', 10, 'increase'))).toEqual([
      0.25, 0.5, 1,
    ]);
    for (const schedule of [defaultSchedule('tirzepatide', on('semaglutide', 2.4, 'increase'))])
      expect(isScheduleWithinLadder('tirzepatide', schedule)).toBe(true);
  });

  it('fills a schedule left incomplete with the starter schedule and its maintenance dose', () => {
    expect(fillMissingDoses('tirzepatide', [5, null, 10])).toEqual({
      months: [2.5, 5, 7.5],
      maintenance: 10,
    });
    expect(fillMissingDoses('semaglutide', [])).toEqual({
      months: [0.25, 0.5, 1],
      maintenance: 2.4,
    });
    expect(fillMissingDoses('tirzepatide', [5, 7.5, 7.5]).months).toEqual([5, 7.5, 7.5]);
  });

  it('reads strengths as the questionnaire writes them, within the tolerance', () => {
    expect(parseStrength('1.7 mg')).toBe(1.7);
    expect(parseStrength('none')).toBeNull();
    expect(sameStrength(2.4, 2.40001)).toBe(true);
    expect(ladderStep('semaglutide', 0.25000001)).toBe(0);
  });
});

describe("month 1's choices on a first-time form", () => {
  it('start a new patient on the starting dose', () => {
    expect(firstMonthChoices('tirzepatide', null)).toEqual([2.5]);
    expect(firstMonthChoices('semaglutide', null)).toEqual([0.25]);
  });

  it('follow the wish on the same drug and the transition strength on a switch', () => {
    const t = (strength: number, preference: 'increase' | 'same' | 'decrease') => ({
      drug: 'tirzepatide' as const,
      strength,
      preference,
      timing: 'withinTwoWeeks' as const,
    });
    expect(firstMonthChoices('tirzepatide', t(5, 'same'))).toEqual([5]);
    expect(firstMonthChoices('tirzepatide', t(5, 'increase'))).toEqual([5, 7.5]);
    expect(firstMonthChoices('tirzepatide', t(5, 'decrease'))).toEqual([2.5, 5]);
    expect(firstMonthChoices('semaglutide', t(10, 'increase'))).toEqual([0.25]);
    expect(
      firstMonthChoices('tirzepatide', {
        drug: 'semaglutide',
        strength: 2.4,
        preference: 'decrease',
        timing: 'withinTwoWeeks',
      }),
    ).toEqual([7.5, 10]);
    // The pre-filled month 1 is always one of the choices.
    for (const preference of ['increase', 'same', 'decrease'] as const)
      for (const strength of doseLadders.tirzepatide)
        expect(firstMonthChoices('tirzepatide', t(strength, preference))).toContain(
          defaultSchedule('tirzepatide', t(strength, preference))[0],
        );
  });
});
