/**
 * The privacy team's rules for a request: the one step it may take next (received, then
 * verified, then done, never back), how many days are left before the law's deadline, and the
 * order the team works them in (overdue first).
 */
import {
  privacyAdminMessages as m,
  privacyRequestStates,
  type PrivacyRequestState,
} from '@clinic/contracts';
import { ConflictError } from '@clinic/kit';

const DAY = 24 * 60 * 60 * 1000;

/** Refuses (ConflictError, saying why) any move of a request but to its very next state. */
export function assertNextStep(from: PrivacyRequestState, to: PrivacyRequestState): void {
  const at = privacyRequestStates.indexOf(from);
  const target = privacyRequestStates.indexOf(to);
  if (target === at + 1) return;
  if (from === 'done') throw new ConflictError(m.alreadyDone);
  if (from === 'verified' && to === 'verified') throw new ConflictError(m.alreadyVerified);
  if (target <= at) throw new ConflictError(m.noGoingBack);
  throw new ConflictError(m.verifyFirst);
}

/**
 * Whole days until `dueAt`, counted up, so the last hours of the last day are "1 day left";
 * past it, the days late as a negative number, a few hours late being -1.
 */
export function daysLeft(dueAt: Date, now: Date): number {
  const ms = dueAt.getTime() - now.getTime();
  return ms >= 0 ? Math.ceil(ms / DAY) : -Math.ceil(-ms / DAY);
}

/** Past its due date and not yet answered. */
export function isOverdue(state: PrivacyRequestState, dueAt: Date, now: Date): boolean {
  return state !== 'done' && now.getTime() > dueAt.getTime();
}

interface Ordered {
  state: PrivacyRequestState;
  dueAt: string;
  closedAt: string | null;
}

/**
 * The order the team works in: open requests (received or verified) by due date, so the
 * overdue ones come first, the most overdue at the top; then the done ones, newest closed first.
 */
export function workingOrder<T extends Ordered>(requests: readonly T[]): T[] {
  const open = requests.filter((r) => r.state !== 'done');
  const done = requests.filter((r) => r.state === 'done');
  const time = (iso: string | null) => (iso === null ? 0 : Date.parse(iso));
  return [
    ...open.sort((a, b) => time(a.dueAt) - time(b.dueAt)),
    ...done.sort((a, b) => time(b.closedAt) - time(a.closedAt)),
  ];
}
