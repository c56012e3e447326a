import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The causal context of the work in progress: the request id of an HTTP call, or the event being
 * handled. Events published inside it inherit its correlation and causation ids, so a chain of
 * events can be followed across services without threading ids through every call.
 */
export interface WorkContext {
  correlationId: string;
  causationId: string | null;
}

const storage = new AsyncLocalStorage<WorkContext>();

export function runInContext<T>(ctx: WorkContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

export function currentContext(): WorkContext | undefined {
  return storage.getStore();
}
