import type { Logger } from '../logging/logger';
import { describeError, isTransientError } from './transient-errors';

/**
 * The platform's one retry policy, for opening engines at start and reopening them later:
 * exponential backoff with jitter, capped, each failed attempt logged at warn with its number
 * and a one-line description of the error that carries no secret. Attempts go on until the
 * operation succeeds, fails with an error that is not transient, runs out of attempts, or the
 * signal aborts (the process is stopping).
 */
export interface Backoff {
  /** Wait after the first failure. */
  initialMs: number;
  /** No wait is longer than this (the cap applies before the jitter). */
  maxMs: number;
  multiplier: number;
  /** Share of each wait drawn at random (0 none, 1 anywhere from 0 to the full wait). */
  jitter: number;
}

/** Quick at first (a broker that is a second away), a few seconds apart once it takes longer. */
export const defaultBackoff: Backoff = { initialMs: 250, maxMs: 5000, multiplier: 2, jitter: 0.5 };

/**
 * The wait after the `failures`-th failure in a row: initialMs * multiplier^(failures-1), capped
 * at maxMs, then lowered by up to `jitter` of itself so that processes started together do not
 * knock on a booting server in step.
 */
export function backoffDelay(
  backoff: Backoff,
  failures: number,
  random: () => number = Math.random,
): number {
  const exponential = backoff.initialMs * backoff.multiplier ** Math.max(0, failures - 1);
  const capped = Math.min(backoff.maxMs, exponential);
  return Math.round(capped * (1 - backoff.jitter * random()));
}

/** Waits `ms`; rejects with the signal's reason as soon as it aborts. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const realSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** Rejected with this when the signal aborts between attempts. */
export class RetryAborted extends Error {
  override name = 'RetryAborted';
}

function abortReason(signal: AbortSignal | undefined): unknown {
  return signal?.reason instanceof Error ? signal.reason : new RetryAborted('Stopped');
}

export interface RetryFailure {
  what: string;
  attempt: number;
  delayMs: number;
  error: string;
}

export interface RetryOptions {
  /** What is being tried, for the log line and /readyz ("database", "Kafka consumer group x"). */
  what: string;
  logger: Logger;
  backoff?: Backoff;
  /** Unlimited unless given: an engine that is coming is waited for. */
  maxAttempts?: number;
  /** Which errors are worth another attempt; the others are thrown at once. */
  retryable?: (err: unknown) => boolean;
  signal?: AbortSignal;
  sleep?: Sleep;
  random?: () => number;
  /** Told about each failure that will be retried (start-up shows it in /readyz). */
  onFailure?: (failure: RetryFailure) => void;
}

export async function retry<T>(
  operation: (attempt: number) => Promise<T>,
  opts: RetryOptions,
): Promise<T> {
  const backoff = opts.backoff ?? defaultBackoff;
  const retryable = opts.retryable ?? isTransientError;
  const sleep = opts.sleep ?? realSleep;
  const maxAttempts = opts.maxAttempts ?? Number.POSITIVE_INFINITY;
  for (let attempt = 1; ; attempt += 1) {
    if (opts.signal?.aborted) throw abortReason(opts.signal);
    try {
      return await operation(attempt);
    } catch (err) {
      if (opts.signal?.aborted) throw abortReason(opts.signal);
      if (!retryable(err) || attempt >= maxAttempts) throw err;
      const failure: RetryFailure = {
        what: opts.what,
        attempt,
        delayMs: backoffDelay(backoff, attempt, opts.random),
        error: describeError(err),
      };
      opts.logger.warn(
        {
          what: failure.what,
          attempt: failure.attempt,
          retryInMs: failure.delayMs,
          error: failure.error,
        },
        `${opts.what} not available yet (attempt ${attempt}); retrying`,
      );
      opts.onFailure?.(failure);
      try {
        await sleep(failure.delayMs, opts.signal);
      } catch (sleepErr) {
        throw opts.signal?.aborted ? abortReason(opts.signal) : sleepErr;
      }
    }
  }
}
