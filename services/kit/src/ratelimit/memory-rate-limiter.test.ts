import { ManualClock } from '../clock';
import { MemoryRateLimiter } from './memory-rate-limiter';
import { rateLimiterContract } from './rate-limiter.suite';

rateLimiterContract('Memory', async () => {
  const clock = new ManualClock();
  return {
    limiter: new MemoryRateLimiter(clock),
    advance: async (ms) => clock.advance(ms),
  };
});
