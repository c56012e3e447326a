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
import type { RateLimiter } from '../ratelimit/rate-limiter';
import { RedisRateLimiter } from '../ratelimit/redis-rate-limiter';
import type { Engines } from './service-runtime';
import { Startup } from './startup';

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
 *
 * The real engines are opened side by side, each through `startup` (retried while it is still
 * booting, its state shown by /readyz), and the queue and the migrations that come later go
 * through it too. If one cannot be opened for good (or the process stops meanwhile), the ones
 * already open are closed before the error is thrown.
 */
export async function openEngines(
  config: BaseConfig,
  opts: {
    processName: string;
    logger: Logger;
    metrics?: Metrics;
    clock?: Clock;
    database?: Database;
    startup?: Startup;
  },
): Promise<OpenedEngines> {
  const { logger } = opts;
  const clock = opts.clock ?? systemClock;
  const metrics = opts.metrics ?? new Metrics();
  const startup = opts.startup ?? new Startup({ logger });
  const redisUrl = config.REDIS_URL;
  startup.expect(['database', 'bus', 'rateLimiter', ...(redisUrl ? ['queue'] : [])]);

  const opening = await Promise.allSettled([
    startup.step('database', 'connecting', async () => {
      const database =
        opts.database ??
        (config.DATABASE_URL
          ? await PostgresDatabase.open(config.DATABASE_URL, {
              applicationName: opts.processName,
            })
          : await PgliteDatabase.open(
              config.DATA_DIR === IN_MEMORY ? undefined : join(config.DATA_DIR, 'pglite'),
            ));
      return database;
    }),
    startup.step('bus', 'connecting', async (): Promise<Bus> =>
      config.KAFKA_BROKERS
        ? KafkaBus.connect({
            brokers: config.KAFKA_BROKERS.split(',').map((b) => b.trim()),
            clientId: opts.processName,
            partitions: config.KAFKA_PARTITIONS,
            replicationFactor: config.KAFKA_REPLICATION_FACTOR,
            logger,
          })
        : new LocalBus(),
    ),
    startup.step('rateLimiter', 'connecting', async (): Promise<RateLimiter> =>
      redisUrl ? RedisRateLimiter.connect(redisUrl, { logger }) : new MemoryRateLimiter(clock),
    ),
  ] as const);
  const [databaseResult, busResult, rateLimiterResult] = opening;
  // Cluster mode with a user per service: migrations run as the owner, on a connection of its
  // own that the pool drops once idle (10 s after the last migration).
  const migrationDatabase =
    config.MIGRATION_DATABASE_URL &&
    databaseResult.status === 'fulfilled' &&
    databaseResult.value.kind === 'postgres'
      ? PostgresDatabase.create(config.MIGRATION_DATABASE_URL, {
          max: 1,
          applicationName: `${opts.processName} migrations`,
        })
      : undefined;
  const closeOpened = async () => {
    await migrationDatabase?.close().catch(() => undefined);
    if (busResult.status === 'fulfilled') await busResult.value.close().catch(() => undefined);
    if (rateLimiterResult.status === 'fulfilled')
      await rateLimiterResult.value.close().catch(() => undefined);
    if (databaseResult.status === 'fulfilled' && !opts.database)
      await databaseResult.value.close().catch(() => undefined);
  };
  const failed = opening.find((r) => r.status === 'rejected');
  if (failed) {
    await closeOpened();
    throw failed.reason;
  }
  const database = (databaseResult as PromiseFulfilledResult<Database>).value;
  const bus = (busResult as PromiseFulfilledResult<Bus>).value;
  const rateLimiter = (rateLimiterResult as PromiseFulfilledResult<RateLimiter>).value;

  const mailbox = new MailboxStore(database);
  try {
    await startup.step('database', 'migrating the dev mailbox', () =>
      mailbox.migrate(migrationDatabase),
    );
  } catch (err) {
    await closeOpened();
    throw err;
  }
  const notificationTransports = transportsFromConfig(config, { mailbox, logger });
  return {
    database,
    migrationDatabase,
    bus,
    metrics,
    clock,
    logger,
    mailbox,
    notificationTransports,
    rateLimiter,
    startup,
    principals: new PrincipalSigner(config.INTERNAL_SECRET),
    createQueue: (service, serviceDatabase = database) =>
      redisUrl
        ? startup.step('queue', 'connecting', () =>
            BullMQQueue.connect({ service, redisUrl, logger, metrics }),
          )
        : Promise.resolve(
            new LocalQueue({
              service,
              schema: service,
              database: serviceDatabase,
              logger,
              clock,
              metrics,
            }),
          ),
    close: async () => {
      await bus.close();
      await rateLimiter.close();
      await Promise.allSettled([
        notificationTransports.email.close?.(),
        notificationTransports.sms.close?.(),
      ]);
      await migrationDatabase?.close();
      await database.close();
    },
  };
}
