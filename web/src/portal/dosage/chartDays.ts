/**
 * The weight chart's time axis, in days as the patient counts them: ticks at the middle (noon) of
 * whole days in the reader's zone, labelled "Nov 27" (the year added where it changes, "Jan 1,
 * 2027"), never hours or minutes. Two weights reported the same day (the quiz's and the medical
 * form's, minutes apart) sit on that one day between its neighbours instead of spreading over an
 * axis of ":00 :30". Times are uPlot's: seconds since the epoch.
 */
import { formatUsDate, formatUsMonthDay } from '@clinic/contracts';

const DAY_S = 86_400;

/** Steps between ticks: days while they fit, then whole months. */
const dayStepsTried = [1, 2, 3, 7, 14] as const;
const monthStepsTried = [1, 2, 3, 6, 12] as const;

const toDate = (seconds: number) => new Date(seconds * 1000);
const toSeconds = (at: Date) => at.getTime() / 1000;

/** Local midnight of the day `seconds` falls on. */
function dayStart(seconds: number): number {
  const at = toDate(seconds);
  return toSeconds(new Date(at.getFullYear(), at.getMonth(), at.getDate()));
}

/** `days` calendar days later (a day that changes the clock is 23 or 25 hours). */
function addDays(seconds: number, days: number): number {
  const at = toDate(seconds);
  return toSeconds(
    new Date(at.getFullYear(), at.getMonth(), at.getDate() + days, at.getHours(), at.getMinutes()),
  );
}

/**
 * The x range for weights from `min` to `max`: the whole days they fall on, and a day more on
 * each side while that makes fewer than three, so a single day reads as the day between its
 * neighbours. A long span keeps a little room at both ends so its first and last points are
 * drawn whole.
 */
export function dayRange(min: number, max: number): [number, number] {
  const first = dayStart(min);
  const afterLast = addDays(dayStart(max), 1);
  if (afterLast - first < 3 * DAY_S) return [addDays(first, -1), addDays(afterLast, 1)];
  const pad = (max - min) * 0.03;
  return [Math.min(first, min - pad), Math.max(afterLast, max + pad)];
}

/** Noon of every `step`-th day from the first noon at or after `from`, up to `to`. */
function dayNoons(from: number, to: number, step: number): number[] {
  const ticks: number[] = [];
  const day = toDate(dayStart(from));
  const noonOf = (n: number) =>
    toSeconds(new Date(day.getFullYear(), day.getMonth(), day.getDate() + n, 12));
  const first = noonOf(0) >= from ? 0 : 1;
  for (let n = first; noonOf(n) <= to; n += step) ticks.push(noonOf(n));
  return ticks;
}

/** Noon of the first day of every `step`-th month from the first at or after `from`, up to `to`. */
function monthStarts(from: number, to: number, step: number): number[] {
  const ticks: number[] = [];
  const month = toDate(from);
  const firstOf = (n: number) =>
    toSeconds(new Date(month.getFullYear(), month.getMonth() + n, 1, 12));
  const first = firstOf(0) >= from ? 0 : 1;
  for (let n = first; firstOf(n) <= to; n += step) ticks.push(firstOf(n));
  return ticks;
}

/**
 * The ticks between `min` and `max` (the scale's range): days at the smallest step that gives at
 * most `most` ticks, whole months past two weeks a tick.
 */
export function dayTicks(min: number, max: number, most: number): number[] {
  const room = Math.max(1, Math.floor(most));
  for (const step of dayStepsTried) {
    const ticks = dayNoons(min, max, step);
    if (ticks.length <= room) return ticks;
  }
  for (const step of monthStepsTried) {
    const ticks = monthStarts(min, max, step);
    if (ticks.length <= room) return ticks;
  }
  return monthStarts(min, max, 12).slice(0, room);
}

/** "Nov 27" under each tick; the year with the first one of a new year after the first tick. */
export function dayTickLabels(ticks: readonly number[]): string[] {
  const years = ticks.map((tick) => toDate(tick).getFullYear());
  const crossesYears = new Set(years).size > 1;
  return ticks.map((tick, i) =>
    crossesYears && (i === 0 || years[i] !== years[i - 1])
      ? formatUsDate(toDate(tick))
      : formatUsMonthDay(toDate(tick)),
  );
}
