import type { Redis } from 'ioredis';
import type { Logger } from '../logging/logger';
import { connectRedis } from '../runtime/redis-connection';
import type { RateDecision, RateLimit, RateLimiter } from './rate-limiter';

const PREFIX = 'clinic:rate:';

/**
 * The cluster rate limiter: one Redis counter per key and window, created with its expiry in the
 * same atomic step, so all replicas share the count and a crash never leaves a key without one.
 * While Redis is away a check fails at once (the request answers 503) instead of waiting for it;
 * the connection comes back by itself.
 */
export class RedisRateLimiter implements RateLimiter {
  private constructor(private readonly redis: Redis) {}

  static async connect(url: string, opts: { logger: Logger }): Promise<RedisRateLimiter> {
    const redis = await connectRedis(
      url,
      { maxRetriesPerRequest: 1, enableOfflineQueue: false },
      opts.logger,
      'rate limiter',
    );
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
    // quit() needs the server; a limiter closed while Redis is away just drops its socket.
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
