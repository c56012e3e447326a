import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whose work is running, for engines that several kinds of work share: a `request` (someone is
 * waiting for the answer) or `background` work (the outbox relay, event consumers, job workers),
 * which may wait. The embedded database's single connection serves requests first (see
 * db/connection-queue.ts); engines with a pool ignore it. Work is a request unless it runs inside
 * `inBackground`, and what it starts (promises, timers) inherits its priority.
 */
export type WorkPriority = 'request' | 'background';

const storage = new AsyncLocalStorage<WorkPriority>();

/** Runs `fn`, and everything it sets going, as background work. */
export function inBackground<T>(fn: () => T): T {
  return storage.run('background', fn);
}

export function currentPriority(): WorkPriority {
  return storage.getStore() ?? 'request';
}
