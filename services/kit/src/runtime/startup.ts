import type { Logger } from '../logging/logger';
import { retry, RetryAborted, type Backoff, type Sleep } from './retry';

/**
 * A process's start, engine by engine: each step (connect, migrate, subscribe) is retried with
 * the policy of retry.ts while its error is transient, so an engine that is still booting delays
 * the start instead of ending the process, and what each engine is waiting for is kept for
 * /readyz to show. `stop()` ends the waiting when the process is asked to stop.
 */
export class Startup {
  private readonly states = new Map<string, string>();
  private readonly controller = new AbortController();

  constructor(
    private readonly opts: {
      logger: Logger;
      backoff?: Backoff;
      sleep?: Sleep;
    },
  ) {}

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Names the engines this start waits for, so /readyz lists them before their turn comes. */
  expect(engines: string[]): void {
    for (const engine of engines) if (!this.states.has(engine)) this.states.set(engine, 'waiting');
  }

  /** Runs `operation` until it succeeds, retrying transient errors; `doing` shows in /readyz. */
  async step<T>(engine: string, doing: string, operation: () => Promise<T>): Promise<T> {
    this.states.set(engine, doing);
    const result = await retry(operation, {
      what: `${engine} (${doing})`,
      logger: this.opts.logger,
      backoff: this.opts.backoff,
      sleep: this.opts.sleep,
      signal: this.controller.signal,
      onFailure: (f) =>
        this.states.set(engine, `${doing}: attempt ${f.attempt} failed (${f.error}); retrying`),
    });
    this.states.set(engine, 'ok');
    return result;
  }

  /** Each engine's state: 'ok', or what it is doing or waiting for. */
  snapshot(): Record<string, string> {
    return Object.fromEntries(this.states);
  }

  /** The engines that are not ready yet. */
  waitingFor(): string[] {
    return [...this.states].filter(([, state]) => state !== 'ok').map(([engine]) => engine);
  }

  stop(): void {
    this.controller.abort(new RetryAborted('The process is stopping'));
  }
}
