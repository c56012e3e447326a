import type { WorkPriority } from '../work-priority';

export interface ConnectionQueueOptions {
  /**
   * How long (ms) the connection goes from holder to holder within one turn of the event loop;
   * after that the next holder waits for the loop's next turn, which reads what arrived meanwhile.
   */
  turnMs?: number;
  /**
   * While requests wait, background work still gets one turn this often (ms), so it is never
   * starved for good: its delay under load is bounded, its share of the connection small.
   */
  backgroundTurnEveryMs?: number;
  now?: () => number;
}

interface Waiter {
  priority: WorkPriority;
  start: () => void;
}

/**
 * Who holds the embedded database's single connection next. On the embedded engine a statement
 * runs inside this process and its promise settles without the event loop polling for I/O, so a
 * chain of statements (requests handled side by side, a relay batch, a job worker going from job
 * to job) would keep the loop from accepting connections and reading requests for as long as it
 * lasts: new clients waited seconds while others were served. So:
 * - One holder at a time (a statement, or a transaction from BEGIN to its end).
 * - Requests first: a waiting request gets the connection before any waiting background work;
 *   requests among themselves, and background work among itself, in order of arrival.
 * - The event loop gets its turn: the connection passes directly from holder to holder for at
 *   most `turnMs`, then the next holder starts from `setImmediate`, after the loop has polled
 *   for I/O. Background work always starts from there, and only if no request is waiting then.
 * - No starvation: while requests keep waiting, background work still gets one turn per
 *   `backgroundTurnEveryMs`.
 * Waiting never drops work: every waiter runs.
 */
export class ConnectionQueue {
  private held = false;
  private readonly requests: Waiter[] = [];
  private readonly background: Waiter[] = [];
  private lastBackgroundTurn = Number.NEGATIVE_INFINITY;
  private turnStarted = Number.NEGATIVE_INFINITY;
  private handoverScheduled = false;
  private readonly turnMs: number;
  private readonly everyMs: number;
  private readonly now: () => number;

  constructor(opts: ConnectionQueueOptions = {}) {
    this.turnMs = opts.turnMs ?? 10;
    this.everyMs = opts.backgroundTurnEveryMs ?? 100;
    this.now = opts.now ?? (() => performance.now());
  }

  /** Runs `fn` holding the connection, once it is `priority`'s turn. */
  async run<T>(priority: WorkPriority, fn: () => Promise<T>): Promise<T> {
    await new Promise<void>((start) => {
      (priority === 'request' ? this.requests : this.background).push({ priority, start });
      this.next(false);
    });
    try {
      return await fn();
    } finally {
      this.held = false;
      this.next(false);
    }
  }

  /** How many wait, by priority. */
  waiting(): Record<WorkPriority, number> {
    return { request: this.requests.length, background: this.background.length };
  }

  private next(fromHandover: boolean): void {
    const now = this.now();
    if (fromHandover) {
      this.handoverScheduled = false;
      this.turnStarted = now;
    }
    if (this.held) return;
    const backgroundDue =
      this.background.length > 0 && now - this.lastBackgroundTurn >= this.everyMs;
    const request = this.requests.length > 0 && !backgroundDue;
    if (!request && this.background.length === 0) return;
    const inTurn = fromHandover || (request && now - this.turnStarted < this.turnMs);
    if (inTurn) {
      if (request) return this.grant(this.requests.shift()!);
      this.lastBackgroundTurn = now;
      return this.grant(this.background.shift()!);
    }
    if (this.handoverScheduled) return;
    this.handoverScheduled = true;
    setImmediate(() => this.next(true));
  }

  private grant(waiter: Waiter): void {
    this.held = true;
    waiter.start();
  }
}
