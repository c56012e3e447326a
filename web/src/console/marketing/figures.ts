/**
 * How the funnel's figures read on the page. The server has already withheld what marketing may
 * not see: a count of 1 to 10 people arrives as "<11", a withheld rate as null.
 */
import {
  clinicDayOf,
  funnelStepRules,
  type FunnelGroup,
  type FunnelStep,
  type PeopleCount,
} from '@clinic/contracts';
import { formatUsd } from '../../ui/money';

export const peopleText = (n: PeopleCount) =>
  typeof n === 'number' ? n.toLocaleString('en-US') : n;

export const centsText = (cents: PeopleCount) =>
  typeof cents === 'number' ? formatUsd(cents) : cents;

/** 0.4123 to "41.2%"; a withheld or baseless rate to a dash. */
export const rateText = (rate: number | null) =>
  rate === null ? '—' : `${(rate * 100).toFixed(1)}%`;

export const stepLabel = (step: FunnelStep) => funnelStepRules[step].label;

/** The figures of one step of a group. */
export function stepOf(group: FunnelGroup, step: FunnelStep) {
  return group.steps.find((s) => s.step === step);
}

/** Today's clinic (Pacific) day, and the day `days` before it, as YYYY-MM-DD. */
export function clinicDay(now: Date, daysBack = 0): string {
  return clinicDayOf(new Date(now.getTime() - daysBack * 86_400_000));
}

/** "2026-11-02" to "Nov 2, 2026". */
export function dayText(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
