import { Redis } from 'ioredis';
import type { RateDecision, RateLimit, RateLimiter } from './rate-limiter';

const PREFIX = 'clinic:rate:';

/**
 * The cluster rate limiter: one Redis counter per key and window, created with its expiry in the
 * same atomic step, so all replicas share the count and a crash never leaves a key without one.
 */
export class RedisRateLimiter implements RateLimiter {
  private constructor(private readonly redis: Redis) {}

  static async connect(url: string): Promise<RedisRateLimiter> {
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
    await redis.connect();
    return new RedisRateLimiter(redis);
  }

  async hit(key: string, rule: RateLimit): Promise<RateDecision> {
    const redisKey = PREFIX + key;
    const result = await this.redis
      .multi()
      .set(redisKey, 0, 'PX', rule.windowMs, 'NX')
      .incr(redisKey)
      .pttl(redisKey)
      .exec();
    if (!result) throw new Error('Rate limit transaction was aborted');
    const count = Number(result[1]?.[1]);
    const ttl = Number(result[2]?.[1]);
    return { allowed: count <= rule.limit, count, retryAfterMs: ttl > 0 ? ttl : rule.windowMs };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(PREFIX + key);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
