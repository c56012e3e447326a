/**
 * The one behaviour both rate limiters must show; run against memory (unit) and Redis (infra).
 */
import { uniqueWord } from '../testing/support';
import type { RateLimiter } from './rate-limiter';

export function rateLimiterContract(
  name: string,
  make: () => Promise<{ limiter: RateLimiter; advance: (ms: number) => Promise<void> }>,
): void {
  describe(`${name} rate limiter`, () => {
    let limiter: RateLimiter;
    let advance: (ms: number) => Promise<void>;
    beforeEach(async () => {
      ({ limiter, advance } = await make());
    });
    afterEach(async () => {
      await limiter.close();
    });

    it('allows the limit, refuses the next attempt and says when to retry', async () => {
      const key = `login:${uniqueWord()}`;
      const rule = { limit: 3, windowMs: 1000 };
      const decisions = [];
      for (let i = 0; i < 4; i += 1) decisions.push(await limiter.hit(key, rule));
      expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
      expect(decisions[3]?.count).toBe(4);
      expect(decisions[3]?.retryAfterMs).toBeGreaterThan(0);
      expect(decisions[3]?.retryAfterMs).toBeLessThanOrEqual(1000);
    });

    it('counts keys apart', async () => {
      const rule = { limit: 1, windowMs: 1000 };
      const a = `a:${uniqueWord()}`;
      await limiter.hit(a, rule);
      expect((await limiter.hit(a, rule)).allowed).toBe(false);
      expect((await limiter.hit(`b:${uniqueWord()}`, rule)).allowed).toBe(true);
    });

    it('starts over when the window ends', async () => {
      const key = `window:${uniqueWord()}`;
      const rule = { limit: 1, windowMs: 300 };
      await limiter.hit(key, rule);
      expect((await limiter.hit(key, rule)).allowed).toBe(false);
      await advance(400);
      expect((await limiter.hit(key, rule)).allowed).toBe(true);
    });

    it('forgets a key on reset', async () => {
      const key = `reset:${uniqueWord()}`;
      const rule = { limit: 1, windowMs: 10_000 };
      await limiter.hit(key, rule);
      await limiter.reset(key);
      expect((await limiter.hit(key, rule)).allowed).toBe(true);
    });
  });
}
