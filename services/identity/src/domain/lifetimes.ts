import { STAFF_IDLE_LIMIT_MS, type Role } from '@clinic/contracts';
import type { PasswordLinkPurpose } from '../db/schema';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * How long a session lasts: patients stay logged in on their phone for a month; staff sessions
 * reach health records of many patients, so they end after a working day.
 */
export function sessionLifetimeMs(role: Role): number {
  return role === 'patient' ? 30 * DAY : 12 * HOUR;
}

/**
 * How long a session may go without a request the person made: staff 15 minutes (HIPAA
 * 164.312(a)(2)(iii): a console left open on a desk, or a stolen token, ends); a patient's session
 * has no idle limit (null), only its 30 days.
 */
export function sessionIdleLimitMs(role: Role): number | null {
  return role === 'patient' ? null : STAFF_IDLE_LIMIT_MS;
}

/**
 * A person's request moves the idle deadline only once it would move by more than this: the
 * session row is written about once a minute of activity, not on every request. The deadline so
 * kept may lag the last request by up to this much; the console's own activity call
 * (keepSessionAlive) always writes, so the deadline the console counts down to is exact.
 */
export const IDLE_DEADLINE_STEP_MS = 60 * 1000;

/**
 * How long a password link works: a reset link one hour (spec); the welcome link of a patient
 * provisioned from the quiz three days, as it arrives unasked among the purchase emails.
 */
export const passwordLinkLifetimeMs: Record<PasswordLinkPurpose, number> = {
  reset: HOUR,
  welcome: 72 * HOUR,
};
