/**
 * The per-address half of the code limits (BRIEF section 5): one client may not send or check
 * codes for many accounts. The per-account half lives with the codes (domain/contact-codes.ts).
 * Counters are shared by every replica (Redis in cluster mode); client addresses are hashed.
 */
import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { verificationMessages } from '@clinic/contracts';
import { TooManyRequestsError, type RateLimit, type ServiceRuntime } from '@clinic/kit';

const HOUR = 60 * 60 * 1000;

export const clientLimits = {
  sendsPerAddress: { limit: 30, windowMs: HOUR },
  checksPerAddress: { limit: 60, windowMs: HOUR },
} as const satisfies Record<string, RateLimit>;

export async function countClientAttempt(
  runtime: ServiceRuntime,
  req: Request,
  limit: keyof typeof clientLimits,
): Promise<void> {
  const address = req.ip ?? req.socket.remoteAddress ?? 'unknown';
  const key = `verification:${limit}:${createHash('sha256').update(address).digest('base64url')}`;
  const decision = await runtime.engines.rateLimiter.hit(key, clientLimits[limit]);
  if (decision.allowed) return;
  const message =
    limit === 'sendsPerAddress'
      ? verificationMessages.tooManySends
      : verificationMessages.tooManyFailures;
  throw new TooManyRequestsError(message, decision.retryAfterMs);
}
