/** How the support inbox writes times, waits and who a person is. */
import { formatUsDate, type ChatParticipant } from '@clinic/contracts';

export { waited } from '../pharmacy/format';

const clock = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const full = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "14:05" in the reader's time zone. */
export function hhmm(iso: string): string {
  return clock.format(new Date(iso));
}

/** "Tue, Nov 24, 2026, 2:05 PM": a message time's tooltip. */
export function fullTime(iso: string): string {
  return full.format(new Date(iso));
}

/** "Nov 24, 2026": the product's one way of writing a day. */
export function dayOf(iso: string): string {
  return formatUsDate(iso);
}

/** A list row's time: HH:mm today, the day otherwise. */
export function lastAt(iso: string | null, now: number = Date.now()): string {
  if (!iso) return '—';
  const at = new Date(iso);
  return at.toDateString() === new Date(now).toDateString() ? hhmm(iso) : dayOf(iso);
}

export const kindLabels: Record<ChatParticipant['kind'], string> = {
  patient: 'Patient',
  visitor: 'Visitor',
};
