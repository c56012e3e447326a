import { farEnoughApart } from './dose-day-change';

const last = new Date('2026-11-30T14:00:00Z');
const after = (hours: number) => new Date(last.getTime() + hours * 3_600_000);

describe('the gap the labels ask between two doses when the injection day moves', () => {
  it('semaglutide: more than 48 hours', () => {
    expect(farEnoughApart('semaglutide', last, after(47))).toBe(false);
    expect(farEnoughApart('semaglutide', last, after(48))).toBe(false);
    expect(farEnoughApart('semaglutide', last, after(48 + 1 / 60))).toBe(true);
    expect(farEnoughApart('semaglutide', last, after(49))).toBe(true);
  });

  it('tirzepatide: at least 72 hours', () => {
    expect(farEnoughApart('tirzepatide', last, after(49))).toBe(false);
    expect(farEnoughApart('tirzepatide', last, after(71.9))).toBe(false);
    expect(farEnoughApart('tirzepatide', last, after(72))).toBe(true);
  });
});
