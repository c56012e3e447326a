import type { Server } from 'node:http';
import { Router } from 'express';
import type { PrincipalSigner } from '../auth/principal';
import type { Clock } from '../clock';
import type { Database, Db } from '../db/database';
import { auditReadRoute } from '../audit/audit-read';
import { AuditTrail } from '../audit/audit-trail';
import { kitMigrations } from '../db/kit-migrations';
import { assertSchemaName, loadMigrations, migrate } from '../db/migrate';
import { grantServiceRole, serviceRole } from '../db/roles';
import type { Bus } from '../events/bus';
import { EventConsumer, type RetryPolicy } from '../events/consumer';
import { Outbox } from '../events/outbox';
import { OutboxRelay } from '../events/relay';
import type { Subscriber } from '../events/subscriber';
import { JobOutbox } from '../jobs/job-outbox';
import type { JobDefinition, Queue, QueueEngine } from '../jobs/queue';
import type { Logger } from '../logging/logger';
import type { Metrics } from '../metrics/metrics';
import { outboxBacklog } from '../metrics/outbox-backlog';
import type { RateLimiter } from '../ratelimit/rate-limiter';
import { Notifier } from '../notify/notifier';
import { sendNotificationJob, type NotificationTransports } from '../notify/send-notification-job';
import type { Startup } from './startup';
import { describeError } from './transient-errors';
import { UnitOfWork } from './unit-of-work';

/** The engines a process runs on: embedded in single-node mode, real servers in cluster mode. */
export interface Engines {
  /** Each service works on it as its own role (`database.asRole`, db/roles.ts). */
  database: Database;
  /**
   * The owner's connection migrations run on (cluster mode: MIGRATION_DATABASE_URL), when the
   * service's own connection may not change its schema; absent, `database` migrates.
   */
  migrationDatabase?: Database;
  bus: Bus;
  /**
   * Each service gets its own queue (its own table or Redis queue); a queue kept in the database
   * works on `database`, the service's view of it.
   */
  createQueue(service: string, database?: Database): Promise<QueueEngine>;
  /** Where emails and texts go (SMTP/Twilio or the dev mailbox). */
  notificationTransports: NotificationTransports;
  logger: Logger;
  metrics: Metrics;
  clock: Clock;
  /** Attempt counters shared by every replica (in memory or Redis). */
  rateLimiter: RateLimiter;
  /** Signs and checks the caller's identity passed from the gateway, and internal calls. */
  principals: PrincipalSigner;
  /** Retries start-up steps while an engine boots (absent: each step is tried once). */
  startup?: Startup;
}

/** How long /readyz waits for one engine's answer: a dead engine must not make the probe hang. */
const READINESS_TIMEOUT_MS = 1500;

/** Runs a start-up step through the engines' Startup, or once when there is none. */
function startupStep<T>(
  engines: Engines,
  engine: string,
  doing: string,
  operation: () => Promise<T>,
): Promise<T> {
  return engines.startup ? engines.startup.step(engine, doing, operation) : operation();
}

export interface RuntimeTuning {
  relayPollMs?: number;
  relayBatchSize?: number;
  relayLeaseMs?: number;
  eventRetry?: RetryPolicy;
}

/** What a service's code builds: its routes and the events and jobs it handles. */
export interface ServiceParts {
  router: Router;
  subscribers?: Subscriber[];
  jobs?: JobDefinition[];
  /**
   * Runs once the queue works: for what a service schedules for itself (a recurring sweep) or
   * picks up after a restart. Must be safe to run on every replica at every start.
   */
  onStart?: () => Promise<void>;
  /** Runs first when the service stops: for what `onStart` set going (a heartbeat). */
  onStop?: () => Promise<void>;
  /**
   * Joins the HTTP server the service is reached through, for what is not an Express route (the
   * chat's websockets): the gateway's server in single-node mode, the service's own in cluster
   * mode. Called once, after the service is built.
   */
  attach?: (server: Server) => void;
}

/**
 * A service as the platform sees it: a name (also its database schema and consumer group), its
 * checked-in migrations, and a builder that gets the runtime and returns its parts.
 */
export interface ServiceModule<Deps = void> {
  name: string;
  /** Checked-in SQL migrations, or null for a service with no tables of its own yet. */
  migrationsDir: string | null;
  build(runtime: ServiceRuntime, deps: Deps): ServiceParts | Promise<ServiceParts>;
}

/**
 * The platform under one service: its schema migrated, the transaction helper with the outbox,
 * the relay, the idempotent event consumer and the job queue. Starting is two-phase so that in
 * single-node mode every service subscribes to the shared bus before any relay publishes.
 */
export class ServiceRuntime {
  readonly db: Db;
  /** The service's audit trail (its schema's `audit_trail`): `runtime.audit.of<Action>()`. */
  readonly audit: AuditTrail;
  /** The engines, with `database` this service's view of it (its role). */
  readonly engines: Engines;
  /** Services define jobs on it and enqueue through the handles it gives. */
  readonly queue: Queue;
  readonly unitOfWork: UnitOfWork;
  readonly logger: Logger;
  /** Sends email and SMS through this service's job queue. */
  readonly notifier: Notifier;
  private readonly relay: OutboxRelay;
  private readonly jobOutbox: JobOutbox;
  private readonly consumer: EventConsumer;
  private subscribed = false;
  /** Takes the service's backlog off the metrics scrape (set while it runs). */
  private unwatch: (() => void) | undefined;
  private readonly starters: (() => Promise<void>)[] = [];
  private readonly stoppers: (() => Promise<void>)[] = [];

  private constructor(
    readonly name: string,
    engines: Engines,
    private readonly engineQueue: QueueEngine,
    tuning: RuntimeTuning,
  ) {
    this.engines = engines;
    const queue = engineQueue;
    this.queue = queue;
    const { database, bus, metrics, clock } = engines;
    this.logger = engines.logger.child({ service: name });
    this.db = database.db;
    this.audit = new AuditTrail(name);
    queue.define(sendNotificationJob(engines.notificationTransports));
    this.notifier = new Notifier(queue);
    this.relay = new OutboxRelay({
      service: name,
      schema: name,
      database,
      bus,
      logger: this.logger,
      metrics,
      pollMs: tuning.relayPollMs,
      batchSize: tuning.relayBatchSize,
      leaseMs: tuning.relayLeaseMs,
    });
    this.jobOutbox = new JobOutbox({
      schema: name,
      database,
      queue,
      clock,
      logger: this.logger,
    });
    this.unitOfWork = new UnitOfWork(
      database,
      new Outbox(name, clock),
      () => this.relay.nudge(),
      this.jobOutbox,
    );
    this.consumer = new EventConsumer({
      service: name,
      schema: name,
      database,
      unitOfWork: this.unitOfWork,
      logger: this.logger,
      metrics,
      retry: tuning.eventRetry,
    });
  }

  /**
   * Migrates the schema (kit tables, then the service's own) as the owner, gives the service's
   * role its rights on it, and builds the runtime on the database as that role.
   */
  static async create(
    name: string,
    migrationsDir: string | null,
    engines: Engines,
    tuning: RuntimeTuning = {},
  ): Promise<ServiceRuntime> {
    assertSchemaName(name);
    const owner = engines.migrationDatabase ?? engines.database;
    // Each migration runs in its own transaction, so one cut short by a lost connection is
    // simply applied again; a migration that fails for any other reason stops the start.
    await startupStep(engines, 'database', `migrating ${name}`, async () => {
      await migrate(owner, name, kitMigrations(name));
      if (migrationsDir) await migrate(owner, name, loadMigrations(migrationsDir));
      await grantServiceRole(owner, name);
    });
    const database = engines.database.asRole(serviceRole(name));
    const queue = await engines.createQueue(name, database);
    return new ServiceRuntime(name, { ...engines, database }, queue, tuning);
  }

  get clock(): Clock {
    return this.engines.clock;
  }

  get metrics(): Metrics {
    return this.engines.metrics;
  }

  /** The service's unit of work: `runtime.transaction(async (tx, events) => ...)`. */
  transaction: UnitOfWork['run'] = (fn) => this.unitOfWork.run(fn);

  register(parts: Pick<ServiceParts, 'subscribers' | 'jobs' | 'onStart' | 'onStop'>): void {
    for (const subscriber of parts.subscribers ?? []) this.consumer.add(subscriber);
    for (const job of parts.jobs ?? []) this.queue.define(job);
    if (parts.onStart) this.starters.push(parts.onStart);
    if (parts.onStop) this.stoppers.push(parts.onStop);
  }

  /** Phase one: join the bus as this service's consumer group. */
  async subscribe(): Promise<void> {
    if (this.subscribed) return;
    const topics = this.consumer.topics();
    if (topics.length > 0)
      await startupStep(this.engines, 'bus', `subscribing to ${topics.length} topic(s)`, () =>
        this.engines.bus.subscribe(this.name, topics, this.consumer.handle),
      );
    this.subscribed = true;
  }

  /** Phase two: publish the outbox and work the queue (each part may be started again). */
  async run(): Promise<void> {
    this.unwatch ??= this.engines.metrics.backlog.watch({
      service: this.name,
      topics: () => this.consumer.topics(),
      outbox: () => outboxBacklog(this.engines.database, this.name),
      queue: () => this.queue.depth(),
      bus: this.engines.bus,
    });
    this.relay.start();
    await startupStep(this.engines, 'queue', 'starting the worker', () => this.queue.start());
    // Only a queue outside the database has jobs in the outbox (see jobs/after-commit.ts).
    if (!this.engineQueue.storesIn?.(this.engines.database)) this.jobOutbox.start();
    await startupStep(this.engines, 'service', 'running start-up jobs', async () => {
      for (const onStart of this.starters) await onStart();
    });
  }

  async start(): Promise<void> {
    await this.subscribe();
    await this.run();
  }

  /** Stops relaying and working, in reverse order of starting. */
  async stop(): Promise<void> {
    this.unwatch?.();
    this.unwatch = undefined;
    for (const onStop of this.stoppers) await onStop();
    await this.jobOutbox.stop();
    await this.queue.stop();
    await this.relay.stop();
    await this.queue.close();
  }

  /** Readiness of what this service depends on, by name. */
  async readiness(): Promise<Record<string, 'ok' | string>> {
    const check = async (fn: () => Promise<void>) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${READINESS_TIMEOUT_MS} ms`)),
          READINESS_TIMEOUT_MS,
        );
      });
      try {
        await Promise.race([fn(), timeout]);
        return 'ok';
      } catch (err) {
        return describeError(err);
      } finally {
        clearTimeout(timer);
      }
    };
    const [database, bus, queue] = await Promise.all([
      check(() => this.engines.database.ping()),
      check(() => this.engines.bus.ping()),
      check(() => this.queue.ping()),
    ]);
    return { database, bus, queue };
  }
}

/**
 * Builds a service on a runtime and registers its subscribers and jobs. Every service's router
 * also answers the admin's audit read of its trail (internal, audit/audit-read.ts).
 */
export async function bootService<Deps>(
  module: ServiceModule<Deps>,
  engines: Engines,
  deps: Deps,
  tuning: RuntimeTuning = {},
): Promise<{ runtime: ServiceRuntime; router: Router; attach?: (server: Server) => void }> {
  const runtime = await ServiceRuntime.create(module.name, module.migrationsDir, engines, tuning);
  const parts = await module.build(runtime, deps);
  runtime.register(parts);
  const router = Router();
  router.use(auditReadRoute(runtime.audit, runtime.db, runtime.engines.principals));
  router.use(parts.router);
  return { runtime, router, attach: parts.attach };
}
