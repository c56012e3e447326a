import type { ServiceRuntime } from '@clinic/kit';

/**
 * Queues a job from inside an event handler. The embedded database has one connection, held by
 * the handler's transaction, and the local queue writes through it: awaiting the enqueue there
 * would wait on itself and freeze the database. So on that engine it is left to run as soon as
 * the transaction ends, and a crash in between loses the job (logged if it fails). Every other
 * engine has its own connection: there a failed enqueue fails the handler and the consumer
 * retries the event.
 */
export async function enqueueAfterCommit(
  runtime: ServiceRuntime,
  queued: Promise<unknown>,
  failure: string,
): Promise<void> {
  if (runtime.queue.kind === 'local' && runtime.engines.database.kind === 'pglite') {
    void queued.catch((err: unknown) => runtime.logger.error({ err }, failure));
    return;
  }
  await queued;
}
