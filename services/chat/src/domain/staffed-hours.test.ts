import { hoursText, isStaffed, nextOpening, parseStaffedHours } from './staffed-hours';

const hours = parseStaffedHours('Mon-Fri 08:00-20:00', 'America/Los_Angeles');

it('reads the configuration and says it as the patient reads it', () => {
  expect(hours).toMatchObject({ days: [1, 2, 3, 4, 5], opensAt: 480, closesAt: 1200 });
  expect(hoursText(hours, new Date('2026-03-03T18:00:00Z'))).toBe(
    'Monday to Friday, 8 AM to 8 PM Pacific Time',
  );
  expect(parseStaffedHours('Sat,Sun 09:30-17:00', 'America/New_York').days).toEqual([0, 6]);
  expect(parseStaffedHours('Fri-Mon 09:00-17:00', 'UTC').days).toEqual([0, 1, 5, 6]);
});

it("is staffed within the hours in the clinic's zone, daylight saving included", () => {
  // Tuesday 3 March 2026, 10 AM PST (UTC-8).
  expect(isStaffed(hours, new Date('2026-03-03T18:00:00Z'))).toBe(true);
  // 7:59 AM PST: not yet.
  expect(isStaffed(hours, new Date('2026-03-03T15:59:00Z'))).toBe(false);
  // Tuesday 10 March 2026 (after the switch, PDT UTC-7): 7:30 AM PDT is 14:30 UTC: closed;
  // 8:00 AM PDT is 15:00 UTC: open.
  expect(isStaffed(hours, new Date('2026-03-10T14:30:00Z'))).toBe(false);
  expect(isStaffed(hours, new Date('2026-03-10T15:00:00Z'))).toBe(true);
  // 8 PM closes; a Saturday is closed all day.
  expect(isStaffed(hours, new Date('2026-03-04T04:00:00Z'))).toBe(false);
  expect(isStaffed(hours, new Date('2026-03-07T18:00:00Z'))).toBe(false);
});

it('names the next opening', () => {
  expect(nextOpening(hours, new Date('2026-03-03T15:00:00Z'))).toBe('today at 8 AM');
  expect(nextOpening(hours, new Date('2026-03-04T05:00:00Z'))).toBe('tomorrow at 8 AM');
  // Friday 9 PM -> Monday.
  expect(nextOpening(hours, new Date('2026-03-07T05:00:00Z'))).toBe('Monday at 8 AM');
});

it('refuses a configuration it cannot read', () => {
  expect(() => parseStaffedHours('weekdays', 'UTC')).toThrow(/Mon-Fri 08:00-20:00/);
  expect(() => parseStaffedHours('Mon-Fri 20:00-08:00', 'UTC')).toThrow(/close after/);
  expect(() => parseStaffedHours('Mon-Fri 08:00-20:00', 'Mars/Olympus')).toThrow();
  expect(() => parseStaffedHours('Mon-Xyz 08:00-20:00', 'UTC')).toThrow(/Xyz/);
});
