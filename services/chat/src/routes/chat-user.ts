import type { Router } from 'express';
import { chatUser } from '@clinic/contracts';
import { bindRoute, TooManyRequestsError, type ServiceRuntime } from '@clinic/kit';
import type { Visitors } from '../domain/visitors';

/** One address registering more chat profiles than this an hour is a script, not a person. */
export const registrationsPerAddress = { limit: 20, windowMs: 60 * 60 * 1000 };

/** POST /api/chat-user (spec 000 section 7): a visitor's chat profile. */
export function chatUserRoute(router: Router, runtime: ServiceRuntime, visitors: Visitors): void {
  bindRoute(router, chatUser, async ({ body, req }) => {
    const rate = await runtime.engines.rateLimiter.hit(
      `chat-user:ip:${req.ip ?? 'unknown'}`,
      registrationsPerAddress,
    );
    if (!rate.allowed)
      throw new TooManyRequestsError(
        'Too many attempts. Please wait a few minutes and try again.',
        rate.retryAfterMs,
      );
    return visitors.register(body);
  });
}
