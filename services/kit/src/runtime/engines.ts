import { join } from 'node:path';
import { PrincipalSigner } from '../auth/principal';
import { systemClock, type Clock } from '../clock';
import type { BaseConfig } from '../config/config';
import type { Database } from '../db/database';
import { PgliteDatabase } from '../db/pglite-database';
import { PostgresDatabase } from '../db/postgres-database';
import type { Bus } from '../events/bus';
import { KafkaBus } from '../events/kafka-bus';
import { LocalBus } from '../events/local-bus';
import { BullMQQueue } from '../jobs/bullmq-queue';
import { LocalQueue } from '../jobs/local-queue';
import type { Logger } from '../logging/logger';
import { Metrics } from '../metrics/metrics';
import { MailboxStore } from '../notify/mailbox';
import { transportsFromConfig } from '../notify/transports-from-config';
import { MemoryRateLimiter } from '../ratelimit/memory-rate-limiter';
import { RedisRateLimiter } from '../ratelimit/redis-rate-limiter';
import type { Engines } from './service-runtime';

export interface OpenedEngines extends Engines {
  mailbox: MailboxStore;
  close(): Promise<void>;
}

/** `DATA_DIR=:memory:` keeps the embedded database in memory (tests, throwaway demos). */
export const IN_MEMORY = ':memory:';

/**
 * Chooses every engine from configuration alone (BRIEF D2): PostgreSQL when DATABASE_URL is set
 * else PGlite in DATA_DIR, Kafka when KAFKA_BROKERS is set else the in-process bus, BullMQ when
 * REDIS_URL is set else the queue in the service's database; SMTP and Twilio when configured
 * else the dev mailbox.
 */
export async function openEngines(
  config: BaseConfig,
  opts: {
    processName: string;
    logger: Logger;
    metrics?: Metrics;
    clock?: Clock;
    database?: Database;
  },
): Promise<OpenedEngines> {
  const { logger } = opts;
  const clock = opts.clock ?? systemClock;
  const metrics = opts.metrics ?? new Metrics();
  const database =
    opts.database ??
    (config.DATABASE_URL
      ? await PostgresDatabase.open(config.DATABASE_URL, { applicationName: opts.processName })
      : await PgliteDatabase.open(
          config.DATA_DIR === IN_MEMORY ? undefined : join(config.DATA_DIR, 'pglite'),
        ));
  const mailbox = new MailboxStore(database);
  await mailbox.migrate();
  const bus: Bus = config.KAFKA_BROKERS
    ? await KafkaBus.connect({
        brokers: config.KAFKA_BROKERS.split(',').map((b) => b.trim()),
        clientId: opts.processName,
        partitions: config.KAFKA_PARTITIONS,
        replicationFactor: config.KAFKA_REPLICATION_FACTOR,
        logger,
      })
    : new LocalBus();
  const redisUrl = config.REDIS_URL;
  const notificationTransports = transportsFromConfig(config, { mailbox, logger });
  const rateLimiter = redisUrl
    ? await RedisRateLimiter.connect(redisUrl)
    : new MemoryRateLimiter(clock);
  return {
    database,
    bus,
    metrics,
    clock,
    logger,
    mailbox,
    notificationTransports,
    rateLimiter,
    principals: new PrincipalSigner(config.INTERNAL_SECRET),
    createQueue: (service) =>
      redisUrl
        ? BullMQQueue.connect({ service, redisUrl, logger, metrics })
        : Promise.resolve(
            new LocalQueue({ service, schema: service, database, logger, clock, metrics }),
          ),
    close: async () => {
      await bus.close();
      await rateLimiter.close();
      await Promise.allSettled([
        notificationTransports.email.close?.(),
        notificationTransports.sms.close?.(),
      ]);
      await database.close();
    },
  };
}
