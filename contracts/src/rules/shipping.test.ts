import {
  normalizeTrackingNumber,
  pacificWallTime,
  pharmacyProcessingDay,
  trackingNumberProblem,
  trackingUrl,
} from './shipping';

describe('tracking numbers', () => {
  it("takes UPS's published example and refuses one with a wrong check digit or shape", () => {
    expect(trackingNumberProblem('UPS', '1Z999AA10123456784')).toBeNull();
    expect(trackingNumberProblem('UPS', '1z 999 aa1 0123 4567 84')).toBeNull();
    expect(trackingNumberProblem('UPS', '1Z999AA10123456785')).toMatch(/does not check out/);
    expect(trackingNumberProblem('UPS', '1Z999AA1012345678')).toMatch(/1Z followed by 16/);
    expect(trackingNumberProblem('UPS', '123456789012')).toMatch(/1Z followed by 16/);
  });

  it('takes FedEx numbers of 12, 15, 20 and 22 digits, nothing else', () => {
    for (const n of ['123456789012', '123456789012345', '9'.repeat(20), '9'.repeat(22)])
      expect(trackingNumberProblem('FedEx', n)).toBeNull();
    for (const n of ['12345678901', '1Z999AA10123456784', '12345678901A'])
      expect(trackingNumberProblem('FedEx', n)).toMatch(/12, 15, 20 or 22 digits/);
  });

  it("links FedEx to FedEx's tracking page and anything else to UPS's (spec 002)", () => {
    expect(trackingUrl('FedEx', '1234 5678 9012')).toBe(
      'https://www.fedex.com/fedextrack/?trknbr=123456789012',
    );
    expect(trackingUrl('UPS', '1z999aa10123456784')).toBe(
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    expect(trackingUrl(null, '1Z999AA10123456784')).toMatch(/^https:\/\/www\.ups\.com\//);
    expect(normalizeTrackingNumber(' 1z-99 ')).toBe('1Z99');
  });
});

describe("the pharmacy's same-day cut-off (3 PM Pacific, Monday to Thursday)", () => {
  it.each([
    // Winter (PST, UTC-8): Tuesday 2026-12-01.
    ['Tuesday 2:59 PM PST', '2026-12-01T22:59:00Z', '2026-12-01', true],
    ['Tuesday 3:00 PM PST', '2026-12-01T23:00:00Z', '2026-12-02', false],
    // Summer (PDT, UTC-7): the same wall time is an hour earlier in UTC.
    ['Wednesday 2:59 PM PDT', '2026-07-15T21:59:00Z', '2026-07-15', true],
    ['Wednesday 3:00 PM PDT', '2026-07-15T22:00:00Z', '2026-07-16', false],
    // Thursday after the cut-off, Friday and the weekend wait for Monday.
    ['Thursday 4 PM PST', '2026-12-04T00:00:00Z', '2026-12-07', false],
    ['Friday 9 AM PST', '2026-12-04T17:00:00Z', '2026-12-07', false],
    ['Sunday 11 PM PST', '2026-12-07T07:00:00Z', '2026-12-07', false],
    ['Monday 12:30 AM PST', '2026-12-07T08:30:00Z', '2026-12-07', true],
    // Late Monday evening in New York is still Monday before 3 PM in California.
    ['Monday 5 PM EST = 2 PM PST', '2026-11-30T22:00:00Z', '2026-11-30', true],
    // The night daylight saving ends (2026-11-01 02:00 PDT -> 01:00 PST) is a Sunday.
    ['Sunday 1:30 AM at the change', '2026-11-01T09:30:00Z', '2026-11-02', false],
    // The Monday after daylight saving starts (2026-03-08).
    ['Monday 2 PM PDT', '2026-03-09T21:00:00Z', '2026-03-09', true],
  ])('%s', (_name, at, date, sameDay) => {
    const answer = pharmacyProcessingDay(new Date(at));
    expect(answer).toEqual({ date, sameDay });
  });

  it('reads Pacific wall time across daylight saving', () => {
    expect(pacificWallTime(new Date('2026-07-15T21:59:00Z'))).toEqual({
      date: '2026-07-15',
      weekday: 3,
      hour: 14,
    });
    expect(pacificWallTime(new Date('2026-12-01T22:59:00Z'))).toEqual({
      date: '2026-12-01',
      weekday: 2,
      hour: 14,
    });
  });
});
