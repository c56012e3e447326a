import { missedDoseAdvice, missedDoseDeadline, missedDoseRules } from './missed-dose';

const hour = 3_600_000;
const dueAt = new Date('2026-03-02T15:00:00Z');
const nextDueAt = new Date(dueAt.getTime() + 7 * 24 * hour);
const at = (hoursAfterDue: number) => new Date(dueAt.getTime() + hoursAfterDue * hour);

describe('missed-dose rules', () => {
  it('keep the labels’ figures: semaglutide 48 hours before the next dose, tirzepatide 96 after', () => {
    expect(missedDoseRules.semaglutide).toMatchObject({ kind: 'next-dose-more-than', hours: 48 });
    expect(missedDoseRules.tirzepatide).toMatchObject({ kind: 'within-after-due', hours: 96 });
  });

  it('semaglutide: take it while the next dose is more than 48 hours away, else skip', () => {
    const before = (hoursBeforeNext: number) =>
      missedDoseAdvice({
        drug: 'semaglutide',
        dueAt,
        nextDueAt,
        now: new Date(nextDueAt.getTime() - hoursBeforeNext * hour),
        missedInARow: 1,
      });
    expect(before(49)).toMatchObject({ action: 'take-now', flagForClinician: false });
    expect(before(49).takeBy).toEqual(new Date(nextDueAt.getTime() - 48 * hour));
    expect(before(48).action).toBe('skip');
    expect(before(47).action).toBe('skip');
    expect(before(47).text).toContain('Do not take two doses');
  });

  it('tirzepatide: take it within 96 hours (4 days) of when it was due, else skip', () => {
    const after = (hours: number) =>
      missedDoseAdvice({ drug: 'tirzepatide', dueAt, nextDueAt, now: at(hours), missedInARow: 1 });
    expect(after(25).action).toBe('take-now');
    expect(after(95).action).toBe('take-now');
    expect(after(96).action).toBe('take-now');
    expect(after(96).takeBy).toEqual(at(96));
    expect(after(97).action).toBe('skip');
    expect(missedDoseDeadline('tirzepatide', dueAt, nextDueAt)).toEqual(at(96));
  });

  it('two or more weeks missed in a row: do not resume alone, and flag the case', () => {
    for (const drug of ['semaglutide', 'tirzepatide'] as const) {
      const advice = missedDoseAdvice({ drug, dueAt, nextDueAt, now: at(24), missedInARow: 2 });
      expect(advice).toMatchObject({ action: 'ask-clinician', flagForClinician: true });
      expect(advice.text).toContain(`Do not restart ${drug} on your own`);
    }
    expect(
      missedDoseAdvice({ drug: 'tirzepatide', dueAt, nextDueAt, now: at(24), missedInARow: 1 })
        .flagForClinician,
    ).toBe(false);
  });
});
