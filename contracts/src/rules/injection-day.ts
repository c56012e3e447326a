/**
 * The patient's weekly injection day (issue 31, items 1 and 2): a weekday and a wall time in
 * their own IANA time zone, resolved to the absolute moment of each week's dose with daylight
 * saving applied, the week a logged dose counts for, the site rotation and the month's strength.
 *
 * A wall time that does not exist on a spring-forward night (2:30 AM on the second Sunday of
 * March in New York) is refused when it is picked, for any of the coming year's weeks; one that
 * happens twice on a fall-back night is the first of the two.
 */

export const injectionWeekdays = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;
export type InjectionWeekday = (typeof injectionWeekdays)[number];

export const injectionSites = ['abdomen', 'thigh', 'upper_arm'] as const;
export type InjectionSite = (typeof injectionSites)[number];

export const injectionSiteLabels: Readonly<Record<InjectionSite, string>> = {
  abdomen: 'Abdomen (stomach area)',
  thigh: 'Thigh',
  upper_arm: 'Upper arm',
};

export interface InjectionDay {
  weekday: InjectionWeekday;
  /** "HH:MM", 24-hour, the patient's wall time. */
  time: string;
  /** IANA zone, e.g. "America/New_York". */
  timeZone: string;
}

/**
 * The IANA zones a patient may pick, by the names this runtime's Intl gives them (the browser's
 * own zone among them), and UTC.
 */
export const ianaTimeZones: readonly [string, ...string[]] = [
  'UTC',
  ...(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []),
].filter((zone, i, all) => all.indexOf(zone) === i) as [string, ...string[]];

/** "HH:MM" or "H:MM", 24-hour. */
export const injectionTimePattern = /^([01]?\d|2[0-3]):([0-5]\d)$/;

/** Weeks of doses the clinician's view counts (issue 31, item 6). */
export const adherenceWeeks = 8;

/** Days around a due day whose logged dose counts for it: two before to four after. */
export const doseWeekWindow = { before: 2, after: 4 } as const;

const day = 86_400_000;

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsFormatters.set(timeZone, format);
  }
  return format;
}

/**
 * The zone's canonical IANA name ("america/new_york" is "America/New_York"), or null when this
 * runtime does not know it. Only canonical names reach the formatter cache, so it stays bounded
 * whatever a client sends.
 */
export function canonicalTimeZone(timeZone: string): string | null {
  if (!/^[A-Za-z_+\-/0-9]{1,64}$/.test(timeZone)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The wall clock of an instant in a zone. */
export function wallTimeOf(at: Date, timeZone: string): Wall {
  const parts: Record<string, number> = {};
  for (const p of partsFormatter(timeZone).formatToParts(at))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    year: parts.year as number,
    month: parts.month as number,
    day: parts.day as number,
    hour: parts.hour as number,
    minute: parts.minute as number,
  };
}

/** The zone's offset from UTC at an instant, in ms. */
function offsetAt(at: number, timeZone: string): number {
  const w = wallTimeOf(new Date(at), timeZone);
  const seconds = new Date(at).getUTCSeconds();
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, seconds) - (at - (at % 1000));
}

/**
 * The instant a wall time names in a zone: the earlier of two on a fall-back night, null when
 * the clocks skip it on a spring-forward night.
 */
export function instantOfWallTime(wall: Wall, timeZone: string): Date | null {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // A zone's offset changes at most once in two days: the offsets a day either side are the
  // only candidates.
  const offsets = [...new Set([offsetAt(asUtc - day, timeZone), offsetAt(asUtc + day, timeZone)])];
  const matches = offsets
    .map((offset) => asUtc - offset)
    .filter((t) => {
      const w = wallTimeOf(new Date(t), timeZone);
      return (
        w.year === wall.year &&
        w.month === wall.month &&
        w.day === wall.day &&
        w.hour === wall.hour &&
        w.minute === wall.minute
      );
    })
    .sort((a, b) => a - b);
  return matches.length ? new Date(matches[0] as number) : null;
}

function parseTime(time: string): { hour: number; minute: number } {
  const m = injectionTimePattern.exec(time.trim());
  if (!m) throw new Error('not a time');
  return { hour: Number(m[1]), minute: Number(m[2]) };
}

/** "YYYY-MM-DD" of a calendar day. */
export function isoDay(year: number, month: number, dayOfMonth: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(dayOfMonth).padStart(2, '0')}`;
}

/** The calendar day `offset` days after an ISO day. */
export function addDays(isoDate: string, offset: number): string {
  const d = new Date(`${isoDate}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

/** The patient's calendar day at an instant, "YYYY-MM-DD". */
export function dayInZone(at: Date, timeZone: string): string {
  const w = wallTimeOf(at, timeZone);
  return isoDay(w.year, w.month, w.day);
}

export interface InjectionOccurrence {
  /** The patient's calendar day of the dose. */
  day: string;
  /** The absolute moment of the dose (the reminder's time). */
  at: Date;
}

/** Each calendar day on the setting's weekday from `fromDay`, as many as asked. */
function weekdaysFrom(fromDay: string, weekday: InjectionWeekday, count: number): string[] {
  const first = new Date(`${fromDay}T12:00:00Z`).getUTCDay();
  const skip = (injectionWeekdays.indexOf(weekday) - first + 7) % 7;
  return Array.from({ length: count }, (_, i) => addDays(fromDay, skip + 7 * i));
}

/** The dose's moment on a calendar day, or null when the clocks skip its wall time that day. */
export function occurrenceOn(setting: InjectionDay, isoDate: string): InjectionOccurrence | null {
  const { hour, minute } = parseTime(setting.time);
  const [year, month, dayOfMonth] = isoDate.split('-').map(Number) as [number, number, number];
  const at = instantOfWallTime({ year, month, day: dayOfMonth, hour, minute }, setting.timeZone);
  return at ? { day: isoDate, at } : null;
}

/**
 * The first day of the coming year on which the setting's wall time does not exist (a
 * spring-forward night), or null when every week has it.
 */
export function missingInjectionDay(setting: InjectionDay, now: Date): string | null {
  const today = dayInZone(now, setting.timeZone);
  return (
    weekdaysFrom(today, setting.weekday, 54).find((d) => occurrenceOn(setting, d) === null) ?? null
  );
}

/**
 * The weekly doses around `now`: the latest one due at or before it (null before the first on
 * or after `since`) and the next one after it. A week whose wall time does not exist (possible
 * only for a setting saved before a zone's rules changed) moves to the first minute after the
 * gap.
 */
export function injectionWeek(
  setting: InjectionDay,
  now: Date,
): { current: InjectionOccurrence; next: InjectionOccurrence } {
  const today = dayInZone(now, setting.timeZone);
  const days = weekdaysFrom(addDays(today, -7), setting.weekday, 3);
  const resolved = days.map((d) => occurrenceOn(setting, d) ?? afterGap(setting, d));
  const nextIndex = resolved.findIndex((o) => o.at.getTime() > now.getTime());
  return {
    current: resolved[nextIndex - 1] as InjectionOccurrence,
    next: resolved[nextIndex] as InjectionOccurrence,
  };
}

function afterGap(setting: InjectionDay, isoDate: string): InjectionOccurrence {
  const { hour } = parseTime(setting.time);
  const [year, month, dayOfMonth] = isoDate.split('-').map(Number) as [number, number, number];
  const at = instantOfWallTime(
    { year, month, day: dayOfMonth, hour: hour + 1, minute: 0 },
    setting.timeZone,
  );
  return { day: isoDate, at: at ?? new Date(Date.UTC(year, month - 1, dayOfMonth, hour + 1)) };
}

/** The due days before `dueDay`, newest first, back to (not before) `sinceDay`. */
export function earlierDueDays(dueDay: string, sinceDay: string, limit: number): string[] {
  const out: string[] = [];
  for (let d = addDays(dueDay, -7); d >= sinceDay && out.length < limit; d = addDays(d, -7))
    out.push(d);
  return out;
}

/** Whether a dose taken on `takenDay` counts for the dose due on `dueDay`. */
export function countsForDueDay(takenDay: string, dueDay: string): boolean {
  return (
    takenDay >= addDays(dueDay, -doseWeekWindow.before) &&
    takenDay <= addDays(dueDay, doseWeekWindow.after)
  );
}

/** The next site in the rotation after the last one used (abdomen, thigh, upper arm). */
export function nextInjectionSite(last: InjectionSite | null): InjectionSite {
  if (last === null) return injectionSites[0];
  return injectionSites[
    (injectionSites.indexOf(last) + 1) % injectionSites.length
  ] as InjectionSite;
}

/**
 * The strength due on a day: the schedule's month counted in 4-week months from the first
 * delivery, its last month (or the maintenance dose) once the schedule has run out.
 */
export function strengthOnDay(
  schedule: readonly number[],
  maintenance: number | null,
  firstDeliveryDay: string,
  dueDay: string,
): number | null {
  const weeks = Math.floor(
    (Date.parse(`${dueDay}T12:00:00Z`) - Date.parse(`${firstDeliveryDay}T12:00:00Z`)) / (7 * day),
  );
  const month = Math.max(0, Math.floor(weeks / 4));
  if (month < schedule.length) return schedule[month] as number;
  return maintenance ?? schedule[schedule.length - 1] ?? null;
}
