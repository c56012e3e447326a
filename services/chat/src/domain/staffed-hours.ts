import { InvalidRequestError } from '@clinic/kit';

/**
 * When support answers the chat, in the clinic's time zone: which weekdays and from when to
 * when. Written in configuration as "Mon-Fri 08:00-20:00" (CHAT_STAFFED_HOURS) with the zone
 * (CLINIC_TIME_ZONE); daylight saving follows the zone.
 */
export interface StaffedHours {
  /** 0 = Sunday ... 6 = Saturday. */
  days: readonly number[];
  /** Minutes after midnight, local. */
  opensAt: number;
  closesAt: number;
  timeZone: string;
}

const dayNames = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const longDayNames = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

function minutesOf(hhmm: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(hhmm);
  const minutes = match ? Number(match[1]) * 60 + Number(match[2]) : NaN;
  if (!(minutes >= 0 && minutes <= 24 * 60))
    throw new InvalidRequestError(`Staffed hours: "${hhmm}" is not a time like 08:00`);
  return minutes;
}

/** "Mon-Fri 08:00-20:00" (or "Mon,Wed,Sat 09:00-17:00") in a time zone. */
export function parseStaffedHours(spec: string, timeZone: string): StaffedHours {
  const match = /^\s*([A-Za-z,-]+)\s+(\d{2}:\d{2})-(\d{2}:\d{2})\s*$/.exec(spec);
  if (!match)
    throw new InvalidRequestError(`Staffed hours "${spec}" should read like "Mon-Fri 08:00-20:00"`);
  const index = (name: string) => {
    const at = dayNames.findIndex((d) => d.toLowerCase() === name.toLowerCase());
    if (at < 0) throw new InvalidRequestError(`Staffed hours: "${name}" is not a day like Mon`);
    return at;
  };
  const days = new Set<number>();
  for (const part of match[1]!.split(',')) {
    const [from, to] = part.split('-');
    if (to === undefined) days.add(index(from!));
    else
      for (let d = index(from!); ; d = (d + 1) % 7) {
        days.add(d);
        if (d === index(to)) break;
      }
  }
  const opensAt = minutesOf(match[2]!);
  const closesAt = minutesOf(match[3]!);
  if (closesAt <= opensAt)
    throw new InvalidRequestError(`Staffed hours "${spec}": the chat must close after it opens`);
  // An unknown zone throws here, at start-up, rather than on a patient's request.
  new Intl.DateTimeFormat('en-US', { timeZone });
  return { days: [...days].sort((a, b) => a - b), opensAt, closesAt, timeZone };
}

/** The weekday and minute of the day at `at` in the hours' zone. */
function localTime(hours: StaffedHours, at: Date): { day: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: hours.timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    day: dayNames.indexOf(get('weekday') as (typeof dayNames)[number]),
    minute: Number(get('hour')) * 60 + Number(get('minute')),
  };
}

export function isStaffed(hours: StaffedHours, at: Date): boolean {
  const { day, minute } = localTime(hours, at);
  return hours.days.includes(day) && minute >= hours.opensAt && minute < hours.closesAt;
}

/** 480 -> "8 AM", 1230 -> "8:30 PM". */
function clockText(minutes: number): string {
  const h24 = Math.floor(minutes / 60) % 24;
  const m = minutes % 60;
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
  return `${h12}${m ? `:${String(m).padStart(2, '0')}` : ''} ${h24 < 12 ? 'AM' : 'PM'}`;
}

/** "Pacific Time" for America/Los_Angeles, as the patient reads it. */
function zoneText(timeZone: string, at: Date): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  return name ?? timeZone;
}

/** Consecutive days read as a range: [1..5] -> "Monday to Friday". */
function daysText(days: readonly number[]): string {
  const consecutive = days.every((d, i) => i === 0 || d === days[i - 1]! + 1);
  if (days.length === 7) return 'Every day';
  if (consecutive && days.length > 2)
    return `${longDayNames[days[0]!]} to ${longDayNames[days[days.length - 1]!]}`;
  return days.map((d) => longDayNames[d]).join(', ');
}

export function hoursText(hours: StaffedHours, at: Date): string {
  return `${daysText(hours.days)}, ${clockText(hours.opensAt)} to ${clockText(hours.closesAt)} ${zoneText(hours.timeZone, at)}`;
}

/** When the chat is next staffed after `at` (today later, or the next staffed day). */
export function nextOpening(hours: StaffedHours, at: Date): string {
  const { day, minute } = localTime(hours, at);
  if (hours.days.includes(day) && minute < hours.opensAt)
    return `today at ${clockText(hours.opensAt)}`;
  for (let ahead = 1; ahead <= 7; ahead++) {
    const next = (day + ahead) % 7;
    if (!hours.days.includes(next)) continue;
    const when = ahead === 1 ? 'tomorrow' : longDayNames[next];
    return `${when} at ${clockText(hours.opensAt)}`;
  }
  return 'soon';
}
