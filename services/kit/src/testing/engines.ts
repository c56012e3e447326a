import { PrincipalSigner } from '../auth/principal';
import { systemClock } from '../clock';
import type { Database } from '../db/database';
import type { Bus } from '../events/bus';
import { LocalQueue } from '../jobs/local-queue';
import { Metrics } from '../metrics/metrics';
import { MemoryRateLimiter } from '../ratelimit/memory-rate-limiter';
import type { Engines } from '../runtime/service-runtime';
import { silentLogger } from './support';

const noNotifications = {
  send: async () => {
    throw new Error('These tests send no notifications');
  },
};

/** Engines over a given database and bus, with the database-kept queue, for runtime tests. */
export function testEngines(
  database: Database,
  bus: Bus,
  metrics = new Metrics({ defaultMetrics: false }),
): Engines {
  return {
    database,
    bus,
    metrics,
    clock: systemClock,
    logger: silentLogger,
    notificationTransports: { email: noNotifications, sms: noNotifications },
    rateLimiter: new MemoryRateLimiter(systemClock),
    principals: new PrincipalSigner(),
    createQueue: async (service, serviceDatabase = database) =>
      new LocalQueue({
        service,
        schema: service,
        database: serviceDatabase,
        logger: silentLogger,
        clock: systemClock,
      }),
  };
}
