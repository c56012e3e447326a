import { changeText, formatPounds, oldestFirst, weightSummary } from './progress';

describe('progress numbers', () => {
  it('says the change since the start with a true minus sign, a plus, or no change', () => {
    expect(changeText(-12)).toBe('\u221212 lb since you started');
    expect(changeText(3.25)).toBe('+3.3 lb since you started');
    expect(changeText(0.01)).toBe('No change since you started');
  });

  it('takes the oldest weight as the start and the newest as the latest', () => {
    const weights = [
      { at: '2026-10-01T12:00:00.000Z', pounds: 200, source: 'refill' as const },
      { at: '2026-08-01T12:00:00.000Z', pounds: 212, source: 'intake' as const },
    ];
    expect(oldestFirst(weights).map((w) => w.pounds)).toEqual([212, 200]);
    expect(weightSummary(weights)).toMatchObject({ change: -12 });
    expect(weightSummary([])).toBeNull();
    expect(formatPounds(198.46)).toBe('198.5 lb');
  });
});
