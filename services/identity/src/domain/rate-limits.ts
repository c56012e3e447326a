import { createHash } from 'node:crypto';
import type { RateLimit, RateLimiter } from '@clinic/kit';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/**
 * Attempts allowed per account and per client address (BRIEF section 5). Per account stops
 * guessing one person's password from many addresses; per address stops one client trying many
 * accounts. The account count of a login is cleared by a successful login, so it counts failures.
 */
export const identityRateLimits = {
  loginPerAccount: { limit: 5, windowMs: 15 * MINUTE },
  loginPerAddress: { limit: 20, windowMs: 15 * MINUTE },
  forgotPasswordPerEmail: { limit: 3, windowMs: HOUR },
  forgotPasswordPerAddress: { limit: 10, windowMs: HOUR },
  passwordResetPerAddress: { limit: 10, windowMs: 15 * MINUTE },
  // Privacy requests: a person may file each of the five kinds; more from one email in an hour
  // would only flood that inbox with confirmations.
  privacyRequestPerEmail: { limit: 5, windowMs: HOUR },
  privacyRequestPerAddress: { limit: 10, windowMs: HOUR },
} as const satisfies Record<string, RateLimit>;

export type IdentityRateLimit = keyof typeof identityRateLimits;

/**
 * The counter key of one limit. Emails are hashed: counters may live in Redis, which is no place
 * for a list of the clinic's patients.
 */
export function rateLimitKey(limit: IdentityRateLimit, subject: string): string {
  const digest = createHash('sha256').update(subject).digest('base64url');
  return `identity:${limit}:${digest}`;
}

export interface RateCheck {
  limit: IdentityRateLimit;
  /** The email or client address counted. */
  subject: string;
}

/**
 * Counts one attempt against every given limit; null when all allow it, else how long until the
 * attempt would be allowed again (the longest wait among the refusing limits).
 */
export async function countAttempt(
  limiter: RateLimiter,
  checks: RateCheck[],
): Promise<number | null> {
  const decisions = await Promise.all(
    checks.map(({ limit, subject }) =>
      limiter.hit(rateLimitKey(limit, subject), identityRateLimits[limit]),
    ),
  );
  const refused = decisions.filter((d) => !d.allowed);
  if (refused.length === 0) return null;
  return Math.max(...refused.map((d) => d.retryAfterMs));
}

export async function clearAttempts(
  limiter: RateLimiter,
  limit: IdentityRateLimit,
  subject: string,
): Promise<void> {
  await limiter.reset(rateLimitKey(limit, subject));
}
