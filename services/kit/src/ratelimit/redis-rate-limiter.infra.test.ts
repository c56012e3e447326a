import { infraEnv } from '../testing/infra-env';
import { silentLogger, sleep } from '../testing/support';
import { RedisRateLimiter } from './redis-rate-limiter';
import { rateLimiterContract } from './rate-limiter.suite';

// Redis keeps its own time, so the window is waited out for real.
rateLimiterContract('Redis', async () => ({
  limiter: await RedisRateLimiter.connect(infraEnv().REDIS_URL, { logger: silentLogger }),
  advance: sleep,
}));
