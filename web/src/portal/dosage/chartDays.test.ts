import { dayRange, dayTickLabels, dayTicks } from './chartDays';

/** Seconds of a local time (the reader's zone, as the chart draws). */
const at = (year: number, month: number, day: number, hour = 0, minute = 0) =>
  new Date(year, month - 1, day, hour, minute).getTime() / 1000;

const labelsOf = (min: number, max: number, most = 6) => {
  const [from, to] = dayRange(min, max);
  return dayTickLabels(dayTicks(from, to, most));
};

describe('the weight chart counts days', () => {
  it('puts two weights of one day (3:50 and 4:09 AM) on that day, between its neighbours', () => {
    const [from, to] = dayRange(at(2026, 11, 27, 3, 50), at(2026, 11, 27, 4, 9));
    expect(from).toBe(at(2026, 11, 26));
    expect(to).toBe(at(2026, 11, 29));
    const ticks = dayTicks(from, to, 6);
    expect(ticks).toEqual([at(2026, 11, 26, 12), at(2026, 11, 27, 12), at(2026, 11, 28, 12)]);
    expect(dayTickLabels(ticks)).toEqual(['Nov 26', 'Nov 27', 'Nov 28']);
  });

  it('labels every tick as a day ("Nov 27"), never an hour or a minute', () => {
    for (const [min, max] of [
      [at(2026, 11, 27, 3, 50), at(2026, 11, 27, 3, 51)],
      [at(2026, 11, 27, 23), at(2026, 11, 28, 1)],
      [at(2026, 11, 1, 9), at(2026, 11, 20, 18)],
      [at(2026, 8, 1, 9), at(2026, 11, 27, 18)],
    ] as const) {
      const labels = labelsOf(min, max);
      expect(labels.length).toBeGreaterThan(0);
      for (const label of labels) expect(label).toMatch(/^[A-Z][a-z]{2} \d{1,2}$/);
    }
  });

  it('keeps to the room the chart has: a wider step when the days would crowd', () => {
    const [from, to] = dayRange(at(2026, 11, 1, 9), at(2026, 11, 20, 18));
    expect(dayTicks(from, to, 30)).toHaveLength(20);
    const weekly = dayTicks(from, to, 4);
    expect(weekly.length).toBeLessThanOrEqual(4);
    expect(dayTickLabels(weekly)).toEqual(['Nov 1', 'Nov 8', 'Nov 15']);
  });

  it('counts months for a long program, and names the year where a new one starts', () => {
    const [from, to] = dayRange(at(2026, 10, 20, 9), at(2027, 3, 10, 9));
    const labels = dayTickLabels(dayTicks(from, to, 6));
    expect(labels).toEqual(['Nov 1, 2026', 'Dec 1', 'Jan 1, 2027', 'Feb 1', 'Mar 1']);
  });
});
