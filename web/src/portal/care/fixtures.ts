/**
 * Test fixtures: answers of GET /api/care/this-week and /api/care/doses and of POST
 * /api/care/side-effects, complete as the contract defines them.
 */
import {
  triageSideEffect,
  type DoseLogEntry,
  type SideEffectReport,
  type ThisWeek,
} from '@clinic/contracts';

export function doseEntry(over: Partial<DoseLogEntry> = {}): DoseLogEntry {
  return {
    id: 3,
    order_id: 7,
    taken_on: '2026-03-08',
    strength: 2.5,
    site: 'thigh',
    weight_lbs: null,
    logged_at: '2026-03-08T15:00:00.000Z',
    ...over,
  };
}

/** A scheduled week: Sundays at 9:00 AM in New York; this week's 2.5 mg dose not logged yet. */
export function thisWeek(over: Partial<ThisWeek> = {}): ThisWeek {
  return {
    status: 'scheduled',
    order_id: 7,
    drug: 'tirzepatide',
    injection_day: { weekday: 'sunday', time: '09:00', time_zone: 'America/New_York' },
    current: {
      day: '2026-03-08',
      at: '2026-03-08T13:00:00.000Z',
      strength: 2.5,
      logged: null,
    },
    next: { day: '2026-03-15', at: '2026-03-15T13:00:00.000Z', strength: 5 },
    suggested_site: 'thigh',
    missed_in_a_row: 0,
    missed_dose: null,
    refill_check_in: null,
    ...over,
  };
}

/** Before a day is picked (or the first delivery): no day, no doses. */
export function unscheduled(status: ThisWeek['status']): ThisWeek {
  return thisWeek({
    status,
    injection_day: null,
    current: null,
    next: null,
    suggested_site: 'abdomen',
  });
}

/**
 * A side-effect report as the server answers it: triaged by the contract's rules (level, advice,
 * stop), reported on Monday, Mar 9, 2026 at 15:00 UTC and due within the rule's hours.
 */
export function sideEffectReport(
  input: Pick<SideEffectReport, 'symptom' | 'severity' | 'duration' | 'red_flags'>,
  over: Partial<SideEffectReport> = {},
): SideEffectReport {
  const triage = triageSideEffect({ ...input, redFlags: input.red_flags });
  const reportedAt = Date.parse('2026-03-09T15:00:00.000Z');
  return {
    id: 11,
    order_id: 7,
    ...input,
    level: triage.level,
    stop_medication: triage.stopMedication,
    advice: triage.advice,
    reported_at: new Date(reportedAt).toISOString(),
    due_at:
      triage.deadlineHours === null
        ? null
        : new Date(reportedAt + triage.deadlineHours * 3_600_000).toISOString(),
    answered_at: null,
    ...over,
  };
}
