/**
 * The HTTP side of identity's rate limits: counts the attempt, and refuses it with 429, the
 * spec-style message and a Retry-After header (whole seconds) when a limit is reached. A refused
 * attempt goes no further, so it changes nothing.
 */
import type { Request, Response } from 'express';
import { identityMessages } from '@clinic/contracts';
import { HttpError, type ServiceRuntime } from '@clinic/kit';
import { countAttempt, type RateCheck } from '../domain/rate-limits';

/** The client's address; Express takes it from X-Forwarded-For only behind a trusted proxy. */
export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

export async function refuseOverLimit(
  runtime: ServiceRuntime,
  res: Response,
  checks: RateCheck[],
): Promise<void> {
  const retryAfterMs = await countAttempt(runtime.engines.rateLimiter, checks);
  if (retryAfterMs === null) return;
  res.setHeader('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  throw new HttpError(429, identityMessages.tooManyAttempts);
}
