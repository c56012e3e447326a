import {
  countsForDueDay,
  earlierDueDays,
  injectionWeek,
  instantOfWallTime,
  canonicalTimeZone,
  missingInjectionDay,
  nextInjectionSite,
  strengthOnDay,
} from './injection-day';

describe('injection day', () => {
  it('resolves the wall time in the patient’s zone, on both sides of daylight saving', () => {
    const ny = { weekday: 'sunday', time: '09:00', timeZone: 'America/New_York' } as const;
    // Sunday 2027-03-07 is standard time (UTC-5), Sunday 2027-03-14 daylight time (UTC-4).
    const before = injectionWeek(ny, new Date('2027-03-08T00:00:00Z'));
    expect(before.current).toEqual({ day: '2027-03-07', at: new Date('2027-03-07T14:00:00Z') });
    expect(before.next).toEqual({ day: '2027-03-14', at: new Date('2027-03-14T13:00:00Z') });
    // Fall back: Sunday 2027-11-07 is back on UTC-5.
    const fall = injectionWeek(ny, new Date('2027-11-06T12:00:00Z'));
    expect(fall.next.at).toEqual(new Date('2027-11-07T14:00:00Z'));
    const la = { weekday: 'friday', time: '19:30', timeZone: 'America/Los_Angeles' } as const;
    expect(injectionWeek(la, new Date('2027-01-01T03:00:00Z')).next).toEqual({
      day: '2027-01-01',
      at: new Date('2027-01-02T03:30:00Z'),
    });
    // Zones without daylight saving keep one offset all year.
    const phoenix = { weekday: 'sunday', time: '09:00', timeZone: 'America/Phoenix' } as const;
    expect(injectionWeek(phoenix, new Date('2027-03-13T00:00:00Z')).next.at).toEqual(
      new Date('2027-03-14T16:00:00Z'),
    );
  });

  it('on the due minute the dose is the current one; a minute before, the next', () => {
    const ny = { weekday: 'monday', time: '8:00', timeZone: 'America/New_York' } as const;
    const due = new Date('2027-01-04T13:00:00Z');
    expect(injectionWeek(ny, due).current.at).toEqual(due);
    expect(injectionWeek(ny, new Date(due.getTime() - 60_000)).next.at).toEqual(due);
  });

  it('refuses a wall time the spring-forward night skips, and takes the first of a doubled one', () => {
    const now = new Date('2027-01-10T12:00:00Z');
    expect(
      missingInjectionDay({ weekday: 'sunday', time: '02:30', timeZone: 'America/New_York' }, now),
    ).toBe('2027-03-14');
    expect(
      missingInjectionDay(
        { weekday: 'saturday', time: '02:30', timeZone: 'America/New_York' },
        now,
      ),
    ).toBeNull();
    expect(
      missingInjectionDay({ weekday: 'sunday', time: '03:00', timeZone: 'America/New_York' }, now),
    ).toBeNull();
    expect(
      missingInjectionDay({ weekday: 'sunday', time: '02:30', timeZone: 'America/Phoenix' }, now),
    ).toBeNull();
    expect(
      instantOfWallTime({ year: 2027, month: 3, day: 14, hour: 2, minute: 30 }, 'America/New_York'),
    ).toBeNull();
    // 1:30 AM happens twice on 2027-11-07 in New York: the first is the daylight-time one.
    expect(
      instantOfWallTime({ year: 2027, month: 11, day: 7, hour: 1, minute: 30 }, 'America/New_York'),
    ).toEqual(new Date('2027-11-07T05:30:00Z'));
  });

  it('knows IANA zones by their canonical names and refuses anything else', () => {
    expect(canonicalTimeZone('America/Chicago')).toBe('America/Chicago');
    expect(canonicalTimeZone('america/NEW_york')).toBe('America/New_York');
    expect(canonicalTimeZone('Pacific/Honolulu')).toBe('Pacific/Honolulu');
    expect(canonicalTimeZone('Mars/Olympus')).toBeNull();
    expect(canonicalTimeZone('')).toBeNull();
  });

  it('counts a dose taken two days early to four days late for its week', () => {
    expect(countsForDueDay('2027-03-05', '2027-03-07')).toBe(true);
    expect(countsForDueDay('2027-03-04', '2027-03-07')).toBe(false);
    expect(countsForDueDay('2027-03-11', '2027-03-07')).toBe(true);
    expect(countsForDueDay('2027-03-12', '2027-03-07')).toBe(false);
    expect(earlierDueDays('2027-03-07', '2027-02-20', 8)).toEqual(['2027-02-28', '2027-02-21']);
  });

  it('rotates sites and takes the strength of the schedule’s month', () => {
    expect(nextInjectionSite(null)).toBe('abdomen');
    expect(nextInjectionSite('abdomen')).toBe('thigh');
    expect(nextInjectionSite('upper_arm')).toBe('abdomen');
    const schedule = [2.5, 5, 7.5];
    expect(strengthOnDay(schedule, 10, '2027-01-01', '2027-01-01')).toBe(2.5);
    expect(strengthOnDay(schedule, 10, '2027-01-01', '2027-01-28')).toBe(2.5);
    expect(strengthOnDay(schedule, 10, '2027-01-01', '2027-01-29')).toBe(5);
    expect(strengthOnDay(schedule, 10, '2027-01-01', '2027-03-25')).toBe(7.5);
    expect(strengthOnDay(schedule, 10, '2027-01-01', '2027-03-26')).toBe(10);
    expect(strengthOnDay(schedule, null, '2027-01-01', '2027-06-01')).toBe(7.5);
  });
});
