import type { z } from 'zod';

export interface JobContext {
  jobId: string;
  /** 1 on the first run. */
  attempt: number;
}

/** One kind of background job of a service: its payload schema, retry policy and handler. */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  schema: S;
  /** Runs in all, the first included (default 5). */
  attempts?: number;
  /** First retry delay; each next one doubles (default 1000 ms). */
  backoffMs?: number;
  handle(payload: z.infer<S>, ctx: JobContext): Promise<void>;
}

export function defineJob<S extends z.ZodType>(job: JobDefinition<S>): JobDefinition<S> {
  return job;
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

export type JobState = 'waiting' | 'delayed' | 'active' | 'completed' | 'dead' | 'unknown';

/**
 * The background job queue of one service. Jobs run at least once: a handler that throws is
 * retried with exponential backoff and dead-lettered after its last attempt; a job whose worker
 * died is picked up again once its lease runs out. Handlers must therefore be idempotent.
 */
export interface Queue {
  readonly kind: 'local' | 'bullmq';
  /** Registers a job kind; all kinds are registered before `start`. */
  define(job: JobDefinition): void;
  enqueue(name: string, payload: unknown, opts?: EnqueueOptions): Promise<string>;
  /** Starts processing (a queue that only enqueues never calls it). */
  start(): Promise<void>;
  /** Stops taking jobs and waits for running ones. */
  stop(): Promise<void>;
  state(jobId: string): Promise<JobState>;
  deadLetters(): Promise<DeadJob[]>;
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

/** The job kinds a queue knows, and the checks every enqueue makes before anything is stored. */
export class JobKinds {
  private readonly jobs = new Map<string, JobDefinition>();

  define(job: JobDefinition): void {
    if (this.jobs.has(job.name)) throw new Error(`Job ${job.name} is defined twice`);
    this.jobs.set(job.name, job);
  }

  get(name: string): JobDefinition | undefined {
    return this.jobs.get(name);
  }

  /** The job's definition and its validated payload; throws on an unknown job or a bad id. */
  prepare(
    name: string,
    payload: unknown,
    jobId: string | undefined,
  ): { job: JobDefinition; data: unknown } {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`Unknown job ${name}`);
    assertJobId(jobId);
    return { job, data: job.schema.parse(payload) };
  }
}
