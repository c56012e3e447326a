import { formatUsDate, formatUsDateTime, formatUsMonthDay } from './dates';

describe('formatUsDate: one US style for every day the product writes', () => {
  it('writes an instant as "Nov 27, 2026" in the given zone', () => {
    expect(formatUsDate('2026-11-27T18:00:00.000Z', 'America/New_York')).toBe('Nov 27, 2026');
    // 2 AM UTC is still the evening before in California.
    expect(formatUsDate('2026-11-27T02:00:00.000Z', 'America/Los_Angeles')).toBe('Nov 26, 2026');
    expect(formatUsDate(new Date('2026-05-01T10:00:00Z'), 'UTC')).toBe('May 1, 2026');
  });

  it('keeps a calendar day as that day in any zone', () => {
    expect(formatUsDate('2026-11-30', 'Pacific/Honolulu')).toBe('Nov 30, 2026');
    expect(formatUsDate('2026-11-30', 'Asia/Tokyo')).toBe('Nov 30, 2026');
  });

  it('returns a text that is not a date as it came', () => {
    expect(formatUsDate('soon')).toBe('soon');
  });

  it('adds the time for the console', () => {
    expect(formatUsDateTime('2026-11-24T20:05:00.000Z', 'America/Los_Angeles')).toBe(
      'Nov 24, 2026, 12:05 PM',
    );
  });

  it('writes a chart tick as the day without its year', () => {
    expect(formatUsMonthDay('2026-11-27T18:00:00.000Z', 'America/New_York')).toBe('Nov 27');
    expect(formatUsMonthDay(new Date('2026-11-27T02:00:00Z'), 'America/Los_Angeles')).toBe(
      'Nov 26',
    );
    expect(formatUsMonthDay('soon')).toBe('soon');
  });
});
