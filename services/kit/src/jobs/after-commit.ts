/**
 * Enqueue after commit: `handle.enqueueAfterCommit(tx, payload, opts)` queues a job as part of a
 * transaction of `runtime.transaction` (or the one a subscriber's handler runs in).
 *
 * Guarantees, whatever the engines:
 * - The job runs only if the transaction commits: nothing of it is visible to any worker before
 *   the commit, and a rollback (or a handler that throws) leaves no job behind.
 * - Once the transaction has committed the job is not lost, even if the process dies at once:
 *   it is written in the transaction itself, in the same database.
 * - The payload and job id are checked before anything is written (a bad one throws, so the
 *   transaction rolls back), and a job id makes it idempotent as with `enqueue`.
 *
 * How, which no caller needs to know:
 * - A queue kept in the transaction's database (the local queue, on PGlite or PostgreSQL) inserts
 *   the job row through `tx` and is woken after the commit. This also avoids the embedded
 *   database's trap: it has one connection, held by the transaction, so an enqueue through the
 *   database instead of `tx` would wait on itself.
 * - Any other queue (BullMQ on Redis) cannot join the transaction: the job goes into the service's
 *   `job_outbox` table through `tx`, and after the commit the JobOutbox hands it to the queue and
 *   deletes the row. If the process dies in between, or the queue is down, the outbox's sweep
 *   (every service process, at start and then periodically) hands over what is left. A row may
 *   thus reach the queue twice: its job id (the caller's, or one drawn when the row is written)
 *   makes the second a no-op while the queue knows the first.
 */
import type { Database, Tx } from '../db/database';
import type { JobOutbox } from './job-outbox';
import type { EnqueueOptions, QueueEngine } from './queue';

/** What a transaction opened by a unit of work offers the jobs enqueued in it. */
export interface TransactionScope {
  database: Database;
  /** The service's job outbox (absent where no runtime wired one). */
  jobOutbox?: JobOutbox;
  /** Runs `fn` once the transaction has committed; never after a rollback. */
  afterCommit(fn: () => void): void;
}

const scopes = new WeakMap<Tx, TransactionScope>();

/**
 * Runs `fn` in a transaction of `database` whose `tx` accepts enqueue-after-commit, then runs the
 * after-commit callbacks of the attempt that committed. For UnitOfWork.
 */
export async function inTransactionScope<T>(
  database: Database,
  jobOutbox: JobOutbox | undefined,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  let callbacks: (() => void)[] = [];
  const result = await database.transaction((tx) => {
    // A fresh list per attempt: an engine that retries the transaction drops the failed one's.
    const mine: (() => void)[] = [];
    callbacks = mine;
    scopes.set(tx, { database, jobOutbox, afterCommit: (cb) => void mine.push(cb) });
    return fn(tx);
  });
  for (const cb of callbacks) cb();
  return result;
}

/** The engine-specific half of `JobHandle.enqueueAfterCommit`. */
export async function enqueueAfterCommit(
  engine: QueueEngine,
  tx: Tx,
  name: string,
  payload: unknown,
  opts: EnqueueOptions = {},
): Promise<string> {
  const scope = scopes.get(tx);
  if (!scope)
    throw new Error(
      `Job ${name}: enqueueAfterCommit needs a transaction of runtime.transaction or a subscriber's`,
    );
  if (engine.storesIn?.(scope.database) && engine.enqueueIn) {
    const id = await engine.enqueueIn(tx, name, payload, opts);
    scope.afterCommit(() => engine.committed?.());
    return id;
  }
  const outbox = scope.jobOutbox;
  if (!outbox || outbox.queue !== engine)
    throw new Error(`Job ${name}: enqueueAfterCommit needs the queue of the transaction's service`);
  const written = await outbox.write(tx, name, payload, opts);
  scope.afterCommit(() => outbox.handOver([written.seq]));
  return written.jobId;
}

/**
 * Runs `fn` once `tx` (a transaction of runtime.transaction or a subscriber's) has committed, and
 * never after a rollback: for telling the outside world (a socket) of what the transaction did.
 */
export function afterCommit(tx: Tx, fn: () => void): void {
  const scope = scopes.get(tx);
  if (!scope)
    throw new Error('afterCommit needs a transaction of runtime.transaction or a subscriber');
  scope.afterCommit(fn);
}
