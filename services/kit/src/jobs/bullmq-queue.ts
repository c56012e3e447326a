import { Queue as BullQueue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from '../logging/logger';
import type { Metrics } from '../metrics/metrics';
import { connectRedis } from '../runtime/redis-connection';
import type { z } from 'zod';
import {
  jobHandle,
  JobKinds,
  type DeadJob,
  type EnqueueOptions,
  type JobDefinition,
  type JobHandle,
  type JobState,
  type JobType,
  type QueueDepth,
  type QueueEngine,
} from './queue';

export interface BullMQQueueOptions {
  service: string;
  redisUrl: string;
  logger: Logger;
  metrics?: Metrics;
  concurrency?: number;
  /** Lock duration: a job whose worker stops renewing it is reclaimed after this long. */
  leaseMs?: number;
  /** Key prefix, so test runs and deployments can share a Redis. */
  prefix?: string;
}

/**
 * The job queue on Redis through BullMQ, with the same semantics as the local queue: attempts
 * with exponential backoff, failed-for-good jobs kept as dead letters, and stalled jobs (worker
 * died, lock expired) moved back to waiting. BullMQ needs Redis never to evict keys, so it refuses
 * to start on a Redis whose maxmemory-policy is anything but noeviction.
 *
 * Connections: enqueueing and reads fail fast while Redis is away (the caller's transaction rolls
 * back, a request answers 503) rather than waiting in ioredis' offline queue; the worker's
 * blocking connection waits and reconnects by itself, so jobs resume when Redis is back.
 *
 * Redis cannot join a database transaction: jobs enqueued after commit reach it through the
 * service's job outbox (see after-commit.ts).
 */
export class BullMQQueue implements QueueEngine {
  readonly kind = 'bullmq' as const;
  private readonly jobs = new JobKinds();
  private worker: Worker | undefined;
  private workerConnection: Redis | undefined;

  private constructor(
    private readonly opts: BullMQQueueOptions,
    private readonly connection: Redis,
    private readonly queue: BullQueue,
  ) {}

  static async connect(opts: BullMQQueueOptions): Promise<BullMQQueue> {
    const connection = await connectRedis(
      opts.redisUrl,
      { maxRetriesPerRequest: 1, enableOfflineQueue: false },
      opts.logger,
      `${opts.service} queue`,
    );
    let policy: string | undefined;
    try {
      policy = ((await connection.config('GET', 'maxmemory-policy')) as string[])[1];
    } catch (err) {
      connection.disconnect();
      throw err;
    }
    if (policy !== 'noeviction') {
      connection.disconnect();
      throw new Error(
        `Redis maxmemory-policy is "${policy}"; BullMQ needs "noeviction" or jobs can be silently lost`,
      );
    }
    const queue = new BullQueue(opts.service, { connection, prefix: opts.prefix ?? 'clinic' });
    queue.on('error', (err) => opts.logger.warn({ err }, 'bullmq queue error'));
    return new BullMQQueue(opts, connection, queue);
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
    const { job, data } = this.jobs.prepare(name, payload, opts.jobId);
    const added = await this.queue.add(name, data, {
      jobId: opts.jobId,
      delay: opts.delayMs,
      attempts: job.attempts ?? 5,
      backoff: { type: 'exponential', delay: job.backoffMs ?? 1000 },
      removeOnComplete: { age: 7 * 24 * 3600, count: 10000 },
      removeOnFail: false,
    });
    return added.id as string;
  }

  async start(): Promise<void> {
    if (this.worker) return;
    const labels = (job: Job) => ({ service: this.opts.service, job: job.name });
    // BullMQ's blocking reads need a connection of their own that waits out a Redis restart
    // (maxRetriesPerRequest null); closing the worker does not close a connection it was given,
    // so stop() does.
    this.workerConnection = await connectRedis(
      this.opts.redisUrl,
      { maxRetriesPerRequest: null },
      this.opts.logger,
      `${this.opts.service} worker`,
    );
    this.worker = new Worker(
      this.opts.service,
      async (job: Job) => {
        const def = this.jobs.get(job.name);
        if (!def) throw new Error(`No handler for job ${job.name}`);
        await def.handle(def.schema.parse(job.data), {
          jobId: job.id as string,
          attempt: job.attemptsMade + 1,
        });
      },
      {
        connection: this.workerConnection,
        prefix: this.opts.prefix ?? 'clinic',
        concurrency: this.opts.concurrency ?? 2,
        lockDuration: this.opts.leaseMs ?? 30000,
        stalledInterval: Math.min(this.opts.leaseMs ?? 30000, 30000),
        maxStalledCount: 3,
      },
    );
    this.worker.on('completed', (job) =>
      this.opts.metrics?.jobsProcessed.inc({ ...labels(job), outcome: 'completed' }),
    );
    this.worker.on('failed', (job, err) => {
      if (!job) return;
      const dead = job.attemptsMade >= (job.opts.attempts ?? 1);
      this.opts.metrics?.jobsProcessed.inc({ ...labels(job), outcome: dead ? 'dead' : 'retried' });
      this.opts.logger[dead ? 'error' : 'warn'](
        { err, job: job.name, jobId: job.id, attempt: job.attemptsMade },
        dead ? 'job dead-lettered' : 'job failed; will retry',
      );
    });
    this.worker.on('error', (err) => this.opts.logger.warn({ err }, 'bullmq worker error'));
    try {
      await this.worker.waitUntilReady();
    } catch (err) {
      // Started again later (start-up retries): leave nothing half-started behind.
      await this.stop().catch(() => undefined);
      throw err;
    }
  }

  async stop(): Promise<void> {
    await this.worker?.close();
    this.worker = undefined;
    this.workerConnection?.disconnect();
    this.workerConnection = undefined;
  }

  async state(jobId: string): Promise<JobState> {
    const state = await this.queue.getJobState(jobId);
    switch (state) {
      case 'waiting':
      case 'prioritized':
      case 'waiting-children':
        return 'waiting';
      case 'delayed':
        return 'delayed';
      case 'active':
        return 'active';
      case 'completed':
        return 'completed';
      case 'failed':
        return 'dead';
      default:
        return 'unknown';
    }
  }

  async deadLetters(): Promise<DeadJob[]> {
    const failed = await this.queue.getFailed();
    return failed.map((job) => ({
      id: job.id as string,
      name: job.name,
      payload: job.data,
      attempts: job.attemptsMade,
      error: job.failedReason,
    }));
  }

  /** Redis keeps each state's length: one round trip, whatever the queue holds. */
  async depth(): Promise<QueueDepth> {
    const counts = await this.queue.getJobCounts(
      'waiting',
      'prioritized',
      'waiting-children',
      'active',
      'delayed',
      'failed',
    );
    const count = (state: string) => counts[state] ?? 0;
    return {
      waiting: count('waiting') + count('prioritized') + count('waiting-children'),
      active: count('active'),
      delayed: count('delayed'),
      failed: count('failed'),
    };
  }

  async ping(): Promise<void> {
    await this.connection.ping();
  }

  async close(): Promise<void> {
    await this.stop();
    await this.queue.close();
    this.connection.disconnect();
  }
}
