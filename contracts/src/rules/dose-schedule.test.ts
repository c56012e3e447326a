import {
  doseLadders,
  isScheduleWithinLadder,
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
