import type { Clock } from '../clock';
import type { RateDecision, RateLimit, RateLimiter } from './rate-limiter';

/**
 * The single-node rate limiter: counts in this process's memory. Counts start over when the
 * process restarts, which only ever lets an attacker try a window's worth again.
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(private readonly clock: Clock) {}

  async hit(key: string, rule: RateLimit): Promise<RateDecision> {
    const now = this.clock.now().getTime();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + rule.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (this.windows.size > 10_000) this.sweep(now);
    return {
      allowed: window.count <= rule.limit,
      count: window.count,
      retryAfterMs: window.endsAt - now,
    };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }
}
