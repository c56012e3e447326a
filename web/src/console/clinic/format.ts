/** How the clinic's pages write drugs, statuses and the 24-hour promise (times and strengths: ../format). */
import { drugLabels, type CaseStatus, type CaseSummary, type Drug } from '@clinic/contracts';

const MINUTE = 60_000;

/** Hours and minutes: "5 h 20 min", "2 h", "35 min". */
function span(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

export interface TimeLeft {
  text: string;
  overdue: boolean;
}

/**
 * The time left to the 24-hour promise: "5 h 20 min left", or past it "Overdue by 2 h" (whole
 * hours once an hour has passed, minutes before). Null without a due time.
 */
export function timeLeft(dueAt: string | null, now: number = Date.now()): TimeLeft | null {
  if (!dueAt) return null;
  const diff = Date.parse(dueAt) - now;
  if (diff >= 0) return { text: `${span(Math.floor(diff / MINUTE))} left`, overdue: false };
  const late = Math.floor(-diff / MINUTE);
  return {
    text: `Overdue by ${late >= 60 ? `${Math.floor(late / 60)} h` : `${late} min`}`,
    overdue: true,
  };
}

export const statusLabels: Record<CaseStatus, string> = {
  'awaiting-assessment': 'Awaiting assessment',
  'needs-video': 'Needs video',
  waiting: 'Waiting',
  'appointment-required': 'Visit required',
  approved: 'Approved',
  accepted: 'Accepted',
  denied: 'Denied',
  withdrawn: 'Withdrawn',
};

export const drugLabel = (drug: Drug) => drugLabels[drug];

/** "1 month", "3 months": what the plan's payment covers. */
export const monthsText = (months: number) => `${months} ${months === 1 ? 'month' : 'months'}`;

/** "Monthly · 1 month", "3-month plan · 3 months": the plan's name and its payment terms. */
export function planText(summary: Pick<CaseSummary, 'plan' | 'paymentTerms'>): string {
  return `${summary.plan} · ${monthsText(summary.paymentTerms)}`;
}

/** "2.5 mg" */
export { mg, when } from '../format';

const exact = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});

/** "Nov 24, 2026, 3:05:09 PM": the audit trail's entries come seconds apart. */
export function whenExact(iso: string): string {
  return exact.format(new Date(iso));
}

/** Cases a clinician may claim and decide (a visit required can still be recorded missed). */
export const openStatuses: readonly CaseStatus[] = [
  'waiting',
  'needs-video',
  'appointment-required',
];

/**
 * The cases of a tab in reading order, as the server orders the waiting tab: cases with an
 * unanswered urgent side-effect report first, then the closest deadline (a report's, missed
 * doses', or the review's promise while the case is open); decided ones newest first.
 */
export function sortCases(cases: readonly CaseSummary[], decided: boolean): CaseSummary[] {
  // A case without a time (not submitted yet) goes last either way.
  const time = (iso: string | null | undefined, missing: number) =>
    Date.parse(iso ?? '') || missing;
  if (decided) return [...cases].sort((a, b) => time(b.decidedAt, 0) - time(a.decidedAt, 0));
  const deadline = (c: CaseSummary) => {
    // A decided case back in the queue for an answer: its old review promise no longer counts.
    const review =
      (c.sideEffect || c.missedDoses) && !openStatuses.includes(c.status)
        ? Number.MAX_SAFE_INTEGER
        : time(c.dueAt ?? c.submittedAt, Number.MAX_SAFE_INTEGER);
    return Math.min(
      review,
      time(c.sideEffect?.dueAt, Number.MAX_SAFE_INTEGER),
      time(c.missedDoses?.dueAt, Number.MAX_SAFE_INTEGER),
    );
  };
  const urgent = (c: CaseSummary) => Number(c.sideEffect?.urgent ?? false);
  return [...cases].sort(
    (a, b) => urgent(b) - urgent(a) || deadline(a) - deadline(b) || a.orderId - b.orderId,
  );
}
