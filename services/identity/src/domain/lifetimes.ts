import type { Role } from '@clinic/contracts';
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
 * How long a password link works: a reset link one hour (spec); the welcome link of a patient
 * provisioned from the quiz three days, as it arrives unasked among the purchase emails.
 */
export const passwordLinkLifetimeMs: Record<PasswordLinkPurpose, number> = {
  reset: HOUR,
  welcome: 72 * HOUR,
};
