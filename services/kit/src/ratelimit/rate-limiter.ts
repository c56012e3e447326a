/**
 * Counts attempts per key in a fixed window (login tries per account, per address, code sends).
 * One interface, two engines: in memory for the single-node process, Redis for cluster mode so
 * every replica shares the counts.
 */
export interface RateLimit {
  /** Attempts allowed per window. */
  limit: number;
  windowMs: number;
}

export interface RateDecision {
  allowed: boolean;
  /** Attempts counted in the current window, this one included. */
  count: number;
  /** When the window ends and attempts are allowed again. */
  retryAfterMs: number;
}

export interface RateLimiter {
  /** Counts one attempt for `key` and says whether it is within the limit. */
  hit(key: string, rule: RateLimit): Promise<RateDecision>;
  /** Forgets the attempts of `key` (a successful login clears its failures). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}
