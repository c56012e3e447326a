/** Test fixtures: answers of GET /api/care/this-week and /api/care/doses, complete as the contract defines them. */
import type { DoseLogEntry, ThisWeek } from '@clinic/contracts';

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
