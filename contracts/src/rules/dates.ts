/**
 * The one way the product writes a day to a patient or a member of staff: "Nov 27, 2026" (US
 * style, short month). The Billing tab, the Orders and Dosage tabs, the invoice and the console's
 * lists all write days through formatUsDate, so one order reads the same day everywhere.
 *
 * A calendar day ("2026-11-27") is that day wherever it is read; an instant is the day it falls
 * on in `timeZone`, by default the reader's (the browser's), since a patient's "today" is theirs.
 */

/** The clinic's own days (an invoice's date of issue) are its home's, San Francisco's. */
export const clinicTimeZone = 'America/Los_Angeles';

const dayOptions = { month: 'short', day: 'numeric', year: 'numeric' } as const;
const monthDayOptions = { month: 'short', day: 'numeric' } as const;
const timeOptions = { hour: 'numeric', minute: '2-digit' } as const;

const calendarDay = /^\d{4}-\d{2}-\d{2}$/;

// Intl formatters are costly to build and these are called per table row: one per zone.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(
  kind: 'day' | 'day-time' | 'month-day',
  timeZone: string | undefined,
): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone ?? ''}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      ...(kind === 'month-day' ? monthDayOptions : dayOptions),
      ...(kind === 'day-time' ? timeOptions : {}),
      ...(timeZone ? { timeZone } : {}),
    });
    formatters.set(key, format);
  }
  return format;
}

/**
 * "Nov 27, 2026": a calendar day ("2026-11-27") as itself, an instant (an ISO date-time, a Date)
 * as its day in `timeZone` (the reader's by default). A text that is not a date is returned as
 * it came, so a malformed value never becomes "Invalid Date".
 */
export function formatUsDate(value: string | Date, timeZone?: string): string {
  if (typeof value === 'string' && calendarDay.test(value.trim()))
    return formatter('day', 'UTC').format(new Date(`${value.trim()}T12:00:00Z`));
  const at = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(at.getTime())) return String(value);
  return formatter('day', timeZone).format(at);
}

/** "Nov 27, 2026, 3:05 PM": the day as formatUsDate writes it, and the time, in `timeZone`. */
export function formatUsDateTime(value: string | Date, timeZone?: string): string {
  const at = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(at.getTime())) return String(value);
  return formatter('day-time', timeZone).format(at);
}

/**
 * "Nov 27": formatUsDate's day without its year, where the year is plain from around it (a
 * chart's day ticks). An instant is its day in `timeZone` (the reader's by default).
 */
export function formatUsMonthDay(value: string | Date, timeZone?: string): string {
  const at = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(at.getTime())) return String(value);
  return formatter('month-day', timeZone).format(at);
}

/** Made on first use, so a bundle that never asks for a clinic day does not carry it. */
let clinicDayFormat: Intl.DateTimeFormat | undefined;

/** The clinic's calendar day of an instant, as YYYY-MM-DD (a Pacific day). */
export function clinicDayOf(at: Date): string {
  clinicDayFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: clinicTimeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return clinicDayFormat.format(at);
}
