import { createHash } from 'node:crypto';
import type { RateLimit, RateLimiter } from '@clinic/kit';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/**
 * Attempts allowed per email and per client address (BRIEF section 5) for recovery and privacy
 * requests. Logins are limited by their failures, in identity's database (login-guard.ts).
 */
export const identityRateLimits = {
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
