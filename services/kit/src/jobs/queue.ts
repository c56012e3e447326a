import type { z } from 'zod';
import type { Database, Tx } from '../db/database';
import { enqueueAfterCommit } from './after-commit';

export interface JobContext {
  jobId: string;
  /** 1 on the first run. */
  attempt: number;
}

/**
 * What names a kind of job and types its payload: enough to enqueue it (`queue.job(type)`) from
 * code that does not hold its handler. Declared once next to the handler, which joins it in
 * `defineJob({ ...type, handle })`.
 */
export interface JobType<S extends z.ZodType = z.ZodType> {
  name: string;
  schema: S;
  /** Runs in all, the first included (default 5). */
  attempts?: number;
  /** First retry delay; each next one doubles (default 1000 ms). */
  backoffMs?: number;
  /**
   * Names this job was queued under before a rename, with the same payload: a job stored under
   * one of them before a deploy still runs here after it.
   */
  formerNames?: readonly string[];
}

/** One kind of background job of a service: its payload schema, retry policy and handler. */
export interface JobDefinition<S extends z.ZodType = z.ZodType> extends JobType<S> {
  handle(payload: z.output<S>, ctx: JobContext): Promise<void>;
}

export function defineJob<S extends z.ZodType>(job: JobDefinition<S>): JobDefinition<S> {
  return job;
}

/** Declares a job's name, payload and retry policy (see JobType). */
export function jobType<S extends z.ZodType>(type: JobType<S>): JobType<S> {
  return type;
}

export interface EnqueueOptions {
  /** Run no earlier than this many ms from now. */
  delayMs?: number;
  /**
   * Makes enqueueing idempotent: a second job with the same id is dropped while the first is
   * known. Letters, digits, `_`, `-` and `.` only.
   */
  jobId?: string;
}

export interface DeadJob {
  id: string;
  name: string;
  payload: unknown;
  attempts: number;
  error: string;
}

/** How many jobs a queue holds in each state, for the operator's gauges (bounded counts). */
export interface QueueDepth {
  /** Due and not yet taken by a worker. */
  waiting: number;
  active: number;
  /** Waiting for their time (a retry's backoff, a scheduled job). */
  delayed: number;
  /** Failed for good: dead letters kept for an operator. */
  failed: number;
}

export type JobState = 'waiting' | 'delayed' | 'active' | 'completed' | 'dead' | 'unknown';

/**
 * A job kind's typed handle, from `queue.define(definition)` or `queue.job(type)`: the payload is
 * typed by the job's schema, and validated (with the job id) before anything is stored.
 */
export interface JobHandle<S extends z.ZodType = z.ZodType> {
  readonly name: string;
  /** Stores the job now (outside any transaction); resolves to its id. */
  enqueue(payload: z.input<S>, opts?: EnqueueOptions): Promise<string>;
  /**
   * Stores the job as part of `tx`, a transaction of `runtime.transaction` or a subscriber's:
   * it runs only if that transaction commits, and once it has, is never lost (see after-commit.ts).
   * Resolves to the job's id.
   */
  enqueueAfterCommit(tx: Tx, payload: z.input<S>, opts?: EnqueueOptions): Promise<string>;
}

/**
 * The background job queue of one service. Jobs run at least once: a handler that throws is
 * retried with exponential backoff and dead-lettered after its last attempt; a job whose worker
 * died is picked up again once its lease runs out. Handlers must therefore be idempotent.
 */
export interface Queue {
  readonly kind: 'local' | 'bullmq';
  /** Registers a job kind (all before `start`) and returns its handle. */
  define<S extends z.ZodType>(job: JobDefinition<S>): JobHandle<S>;
  /**
   * The handle of a job kind by its type, for code that enqueues a job whose handler is
   * defined elsewhere: enqueueing fails until a definition of that type is registered.
   */
  job<S extends z.ZodType>(type: JobType<S>): JobHandle<S>;
  /** Starts processing (a queue that only enqueues never calls it). */
  start(): Promise<void>;
  /** Stops taking jobs and waits for running ones. */
  stop(): Promise<void>;
  state(jobId: string): Promise<JobState>;
  deadLetters(): Promise<DeadJob[]>;
  depth(): Promise<QueueDepth>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const JOB_ID = /^[A-Za-z0-9_.-]{1,200}$/;

export function assertJobId(jobId: string | undefined): void {
  if (jobId !== undefined && !JOB_ID.test(jobId)) throw new Error(`Invalid job id "${jobId}"`);
}

export function retryDelayMs(backoffMs: number, attemptsMade: number): number {
  return backoffMs * 2 ** (attemptsMade - 1);
}

/**
 * What the kit (the handles, enqueue-after-commit, the job outbox) needs of a queue engine, on top
 * of what services see. Services never enqueue by name.
 */
export interface QueueEngine extends Queue {
  /** Validates (see JobKinds.prepare) and stores a job of a defined kind now. */
  enqueue(name: string, payload: unknown, opts?: EnqueueOptions): Promise<string>;
  /** The checks of `enqueue` alone: the validated payload, or a throw. */
  prepare(name: string, payload: unknown, opts?: EnqueueOptions): unknown;
  /**
   * An engine that keeps its jobs in `database` stores them in the caller's transaction there
   * (`enqueueIn`) and is told when it committed (`committed`).
   */
  storesIn?(database: Database): boolean;
  enqueueIn?(tx: Tx, name: string, payload: unknown, opts?: EnqueueOptions): Promise<string>;
  committed?(): void;
}

/** The typed handle of a job kind on an engine. */
export function jobHandle<S extends z.ZodType>(
  engine: QueueEngine,
  type: JobType<S>,
): JobHandle<S> {
  return {
    name: type.name,
    enqueue: (payload, opts) => engine.enqueue(type.name, payload, opts),
    enqueueAfterCommit: (tx, payload, opts) =>
      enqueueAfterCommit(engine, tx, type.name, payload, opts),
  };
}

/** The job kinds a queue knows, and the checks every enqueue makes before anything is stored. */
export class JobKinds {
  private readonly jobs = new Map<string, JobDefinition>();
  /** Schemas handed out by `queue.job(type)`, checked against the definition registered later. */
  private readonly typed = new Map<string, z.ZodType>();

  /** Former names (JobType.formerNames) to the name their jobs run under now. */
  private readonly renamed = new Map<string, string>();

  define(job: JobDefinition): void {
    for (const name of [job.name, ...(job.formerNames ?? [])])
      if (this.jobs.has(name) || this.renamed.has(name))
        throw new Error(`Job ${name} is defined twice`);
    this.checkSchema(job.name, job.schema);
    this.jobs.set(job.name, job);
    for (const former of job.formerNames ?? []) this.renamed.set(former, job.name);
  }

  /** Remembers the type of a handle; one name, one payload schema. */
  type(type: JobType): void {
    this.checkSchema(type.name, type.schema);
    this.typed.set(type.name, type.schema);
  }

  private checkSchema(name: string, schema: z.ZodType): void {
    const known = this.jobs.get(name)?.schema ?? this.typed.get(name);
    if (known !== undefined && known !== schema)
      throw new Error(`Job ${name} has two payload schemas: define it from its one JobType`);
  }

  /** The definition that runs jobs stored under `name`, its current name or a former one. */
  get(name: string): JobDefinition | undefined {
    return this.jobs.get(this.renamed.get(name) ?? name);
  }

  /** The job's definition and its validated payload; throws on an unknown job or a bad id. */
  prepare(
    name: string,
    payload: unknown,
    jobId: string | undefined,
  ): { job: JobDefinition; data: unknown } {
    const job = this.get(name);
    if (!job) throw new Error(`Unknown job ${name}`);
    assertJobId(jobId);
    return { job, data: job.schema.parse(payload) };
  }
}
