/**
 * Shipping rules shared by the pharmacy console, fulfilment and the portal's tracker (issue 17):
 * the carriers, the shape of their tracking numbers, their tracking pages, and the pharmacy's
 * same-day promise (spec 000: "same-day pharmacy processing when ordered before 3 on Monday to
 * Thursday", in Pacific time).
 */

export const carriers = ['FedEx', 'UPS'] as const;
export type Carrier = (typeof carriers)[number];

/** The pharmacy's clock: cut-offs are Pacific wall time, daylight saving included. */
export const pharmacyTimeZone = 'America/Los_Angeles';
/** Orders placed before this hour (Pacific) on a processing day are processed that day. */
export const sameDayCutoffHour = 15;
/**
 * Processing days, Monday to Thursday (ISO weekday 1 to 4): cold-chain parcels leave early in the
 * week so none waits in a depot over a weekend.
 */
export const processingWeekdays: readonly number[] = [1, 2, 3, 4];

const upsPattern = /^1Z[0-9A-Z]{16}$/;
/** FedEx Express (12), Ground (15), Ground 96 (22) and SmartPost 92 (20, 22) numbers. */
const fedexPattern = /^(\d{12}|\d{15}|\d{20}|\d{22})$/;

/** A tracking number as typed: spaces and dashes dropped, letters upper-cased. */
export function normalizeTrackingNumber(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

/**
 * UPS's check digit over the 15 characters after "1Z": letters count as (code - 63) mod 10,
 * characters in even places count double, and the digit brings the sum to a multiple of 10.
 */
function upsCheckDigitHolds(number: string): boolean {
  const body = number.slice(2, 17);
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    const ch = body.charCodeAt(i);
    const value = ch >= 48 && ch <= 57 ? ch - 48 : (ch - 63) % 10;
    sum += i % 2 === 1 ? value * 2 : value;
  }
  return (10 - (sum % 10)) % 10 === Number(number[17]);
}

/**
 * Why a tracking number cannot be the carrier's, in words for the pharmacist, or null when it
 * can. The number is normalized first (see normalizeTrackingNumber).
 */
export function trackingNumberProblem(carrier: Carrier, value: string): string | null {
  const number = normalizeTrackingNumber(value);
  if (carrier === 'UPS') {
    if (!upsPattern.test(number))
      return 'A UPS tracking number is 1Z followed by 16 letters and digits.';
    if (!upsCheckDigitHolds(number))
      return 'This UPS tracking number does not check out: please look at it again.';
    return null;
  }
  if (!fedexPattern.test(number)) return 'A FedEx tracking number is 12, 15, 20 or 22 digits.';
  return null;
}

/** The carrier's public tracking page (spec 002: FedEx for FedEx, otherwise UPS). */
export function trackingUrl(carrier: string | null, trackingNumber: string): string {
  const number = encodeURIComponent(normalizeTrackingNumber(trackingNumber));
  return carrier === 'FedEx'
    ? `https://www.fedex.com/fedextrack/?trknbr=${number}`
    : `https://www.ups.com/track?tracknum=${number}`;
}

// Made on first use: a formatter built at import would be kept in every bundle that imports
// the contracts, the quiz's included.
let pacificParts: Intl.DateTimeFormat | undefined;
function pacificFormat(): Intl.DateTimeFormat {
  pacificParts ??= new Intl.DateTimeFormat('en-US', {
    timeZone: pharmacyTimeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
    weekday: 'short',
  });
  return pacificParts;
}
const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The Pacific calendar day, ISO weekday and hour of an instant. */
export function pacificWallTime(at: Date): { date: string; weekday: number; hour: number } {
  const parts = Object.fromEntries(
    pacificFormat()
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: weekdays.indexOf(String(parts.weekday)) + 1,
    hour: Number(parts.hour),
  };
}

/** The calendar day after `date` (YYYY-MM-DD), and its ISO weekday. */
function nextDay(date: string, weekday: number): { date: string; weekday: number } {
  const next = new Date(`${date}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return { date: next.toISOString().slice(0, 10), weekday: (weekday % 7) + 1 };
}

/**
 * The Pacific day the pharmacy processes an order placed at `orderedAt`: the same day when it
 * came before 3 PM on Monday to Thursday, otherwise the next processing day.
 */
export function pharmacyProcessingDay(orderedAt: Date): { date: string; sameDay: boolean } {
  const now = pacificWallTime(orderedAt);
  if (processingWeekdays.includes(now.weekday) && now.hour < sameDayCutoffHour)
    return { date: now.date, sameDay: true };
  let day = nextDay(now.date, now.weekday);
  while (!processingWeekdays.includes(day.weekday)) day = nextDay(day.date, day.weekday);
  return { date: day.date, sameDay: false };
}
