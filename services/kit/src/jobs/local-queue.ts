import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rows, type Database, type Executor, type Tx } from '../db/database';
import type { Clock } from '../clock';
import type { Logger } from '../logging/logger';
import type { Metrics } from '../metrics/metrics';
import { Wakeable } from '../wakeable';
import { inBackground } from '../work-priority';
import {
  jobHandle,
  JobKinds,
  retryDelayMs,
  type DeadJob,
  type EnqueueOptions,
  type JobDefinition,
  type JobHandle,
  type JobState,
  type JobType,
  type QueueDepth,
  type QueueEngine,
} from './queue';

export interface LocalQueueOptions {
  service: string;
  schema: string;
  database: Database;
  logger: Logger;
  clock: Clock;
  metrics?: Metrics;
  concurrency?: number;
  pollMs?: number;
  /** How long a claimed job is reserved for its worker before another may take it. */
  leaseMs?: number;
}

interface JobRow {
  id: string;
  name: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
  backoff_ms: number;
}

/** Where a scrape's counts stop: a backlog that deep is an incident whatever its exact size. */
const DEPTH_LIMIT = 100000;

/**
 * The embedded job queue, kept in the service's own database so it survives a restart. Workers
 * claim a due job by setting a lease (extended while the handler runs); a job whose worker died
 * is claimable again when its lease has passed. Times come from the injected clock, so tests can
 * move time. Being in the service's database, it stores jobs enqueued after commit in the
 * caller's own transaction. Workers run in the background (work-priority.ts): on the embedded
 * database, requests go first.
 */
export class LocalQueue implements QueueEngine {
  readonly kind = 'local' as const;
  private readonly jobs = new JobKinds();
  private readonly wake = new Wakeable();
  private running = false;
  private loops: Promise<void>[] = [];

  constructor(private readonly opts: LocalQueueOptions) {}

  private get table() {
    return sql`${sql.identifier(this.opts.schema)}.jobs`;
  }

  define<S extends z.ZodType>(job: JobDefinition<S>): JobHandle<S> {
    this.jobs.define(job as unknown as JobDefinition);
    return jobHandle(this, job);
  }

  job<S extends z.ZodType>(type: JobType<S>): JobHandle<S> {
    this.jobs.type(type);
    return jobHandle(this, type);
  }

  prepare(name: string, payload: unknown, opts: EnqueueOptions = {}): unknown {
    return this.jobs.prepare(name, payload, opts.jobId).data;
  }

  async enqueue(name: string, payload: unknown, opts: EnqueueOptions = {}): Promise<string> {
    const id = await this.insert(this.opts.database.db, name, payload, opts);
    // A delayed job is not due yet: waking a worker for it would only claim nothing.
    if (!opts.delayMs) this.wake.wake();
    return id;
  }

  storesIn(database: Database): boolean {
    return database === this.opts.database;
  }

  enqueueIn(tx: Tx, name: string, payload: unknown, opts: EnqueueOptions = {}): Promise<string> {
    return this.insert(tx, name, payload, opts);
  }

  committed(): void {
    this.wake.wake();
  }

  private async insert(
    executor: Executor,
    name: string,
    payload: unknown,
    opts: EnqueueOptions,
  ): Promise<string> {
    const { job, data } = this.jobs.prepare(name, payload, opts.jobId);
    const id = opts.jobId ?? randomUUID();
    const runAt = new Date(this.opts.clock.now().getTime() + (opts.delayMs ?? 0));
    await executor.execute(sql`
      insert into ${this.table} (id, name, payload, run_at, max_attempts, backoff_ms)
      values (${id}, ${name}, ${JSON.stringify(data)}::jsonb, ${runAt.toISOString()}, ${job.attempts ?? 5}, ${job.backoffMs ?? 1000})
      on conflict (id) do nothing`);
    return id;
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.loops = Array.from({ length: this.opts.concurrency ?? 2 }, () =>
      inBackground(() => this.work()),
    );
  }

  async stop(): Promise<void> {
    this.running = false;
    for (let i = 0; i < this.loops.length; i += 1) this.wake.wake();
    await Promise.all(this.loops);
    this.loops = [];
  }

  private async work(): Promise<void> {
    while (this.running) {
      let job: JobRow | undefined;
      try {
        job = await this.claim();
      } catch (err) {
        this.opts.logger.warn({ err }, 'job claim failed');
      }
      if (!job) {
        await this.wake.sleep(this.opts.pollMs ?? 250);
        continue;
      }
      await this.runJob(job);
    }
  }

  /** Claims the next due job (or one whose lease ran out), or returns undefined. */
  private async claim(): Promise<JobRow | undefined> {
    const now = this.opts.clock.now();
    const leaseUntil = new Date(now.getTime() + (this.opts.leaseMs ?? 30000));
    const claimed = await rows<JobRow>(
      this.opts.database.db,
      sql`update ${this.table} set status = 'active', attempts = attempts + 1,
            lease_until = ${leaseUntil.toISOString()}, updated_at = now()
          where id = (
            select id from ${this.table}
            where (status = 'waiting' and run_at <= ${now.toISOString()})
               or (status = 'active' and lease_until < ${now.toISOString()})
            order by run_at, created_at
            limit 1
            for update skip locked)
          returning id, name, payload, attempts, max_attempts, backoff_ms`,
    );
    return claimed[0];
  }

  private async runJob(row: JobRow): Promise<void> {
    const labels = { service: this.opts.service, job: row.name };
    const leaseMs = this.opts.leaseMs ?? 30000;
    const heartbeat = setInterval(
      () => {
        const until = new Date(this.opts.clock.now().getTime() + leaseMs).toISOString();
        this.opts.database.db
          .execute(
            sql`update ${this.table} set lease_until = ${until} where id = ${row.id} and status = 'active'`,
          )
          .catch(() => undefined);
      },
      Math.max(leaseMs / 3, 50),
    );
    try {
      const job = this.jobs.get(row.name);
      if (!job) throw new Error(`No handler for job ${row.name}`);
      const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
      await job.handle(job.schema.parse(payload), { jobId: row.id, attempt: row.attempts });
      clearInterval(heartbeat);
      await this.opts.database.db.execute(
        sql`update ${this.table} set status = 'completed', lease_until = null, last_error = null, updated_at = now() where id = ${row.id}`,
      );
      this.opts.metrics?.jobsProcessed.inc({ ...labels, outcome: 'completed' });
    } catch (err) {
      clearInterval(heartbeat);
      const error = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      const dead = row.attempts >= row.max_attempts;
      const runAt = new Date(
        this.opts.clock.now().getTime() + retryDelayMs(row.backoff_ms, row.attempts),
      );
      await this.opts.database.db.execute(sql`
        update ${this.table} set status = ${dead ? 'dead' : 'waiting'}, run_at = ${runAt.toISOString()},
          lease_until = null, last_error = ${error}, updated_at = now()
        where id = ${row.id}`);
      this.opts.metrics?.jobsProcessed.inc({ ...labels, outcome: dead ? 'dead' : 'retried' });
      this.opts.logger[dead ? 'error' : 'warn'](
        { err, job: row.name, jobId: row.id, attempt: row.attempts },
        dead ? 'job dead-lettered' : 'job failed; will retry',
      );
      if (!dead) this.wake.wake();
    }
  }

  async state(jobId: string): Promise<JobState> {
    const found = await rows<{ status: string; run_at: string | Date }>(
      this.opts.database.db,
      sql`select status, run_at from ${this.table} where id = ${jobId}`,
    );
    const row = found[0];
    if (!row) return 'unknown';
    if (row.status === 'waiting')
      return new Date(row.run_at) > this.opts.clock.now() ? 'delayed' : 'waiting';
    return row.status as JobState;
  }

  async deadLetters(): Promise<DeadJob[]> {
    const dead = await rows<{
      id: string;
      name: string;
      payload: unknown;
      attempts: number;
      last_error: string;
    }>(
      this.opts.database.db,
      sql`select id, name, payload, attempts, last_error from ${this.table} where status = 'dead' order by updated_at`,
    );
    return dead.map((d) => ({
      id: d.id,
      name: d.name,
      payload: d.payload,
      attempts: d.attempts,
      error: d.last_error,
    }));
  }

  /**
   * Counted on a metrics scrape: each count stops at DEPTH_LIMIT rows and reads a partial index
   * (jobs_due, jobs_dead), so a scrape stays cheap however many completed jobs the table keeps.
   */
  async depth(): Promise<QueueDepth> {
    const now = this.opts.clock.now().toISOString();
    const [counts] = await rows<QueueDepth>(
      this.opts.database.db,
      sql`select
            count(*) filter (where status = 'waiting' and run_at <= ${now})::int as waiting,
            count(*) filter (where status = 'active')::int as active,
            count(*) filter (where status = 'waiting' and run_at > ${now})::int as delayed,
            (select count(*)::int from (select 1 from ${this.table} where status = 'dead'
              limit ${DEPTH_LIMIT}) d) as failed
          from (select status, run_at from ${this.table} where status in ('waiting', 'active')
            limit ${DEPTH_LIMIT}) j`,
    );
    return counts!;
  }

  async ping(): Promise<void> {
    await this.opts.database.ping();
  }

  async close(): Promise<void> {
    await this.stop();
  }
}
