import { ManualClock } from '../clock';
import type { Sleep } from '../runtime/retry';

/**
 * Sleeps that end only when the test moves the clock: retry and restart loops run at the
 * test's pace, and the test sees each wait they asked for.
 */
export class FakeTimers {
  readonly clock = new ManualClock();
  /** Every wait asked for, in order. */
  readonly waits: number[] = [];
  private pending: { until: number; resolve: () => void }[] = [];

  readonly sleep: Sleep = (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      this.waits.push(ms);
      const entry = { until: this.clock.now().getTime() + ms, resolve };
      this.pending.push(entry);
      signal?.addEventListener(
        'abort',
        () => {
          this.pending = this.pending.filter((p) => p !== entry);
          reject(signal.reason);
        },
        { once: true },
      );
    });

  /** How many sleeps have not ended yet. */
  get sleeping(): number {
    return this.pending.length;
  }

  /** Moves the clock, ends the sleeps that are due, and lets what they wake run. */
  async advance(ms: number): Promise<void> {
    this.clock.advance(ms);
    const now = this.clock.now().getTime();
    const due = this.pending.filter((p) => p.until <= now);
    this.pending = this.pending.filter((p) => p.until > now);
    for (const p of due) p.resolve();
    await settle();
  }

  /** Waits (in real time, briefly) until the code under test is asleep `count` times. */
  async untilSleeping(count = 1): Promise<void> {
    for (let i = 0; i < 200 && this.pending.length < count; i += 1) await settle();
    if (this.pending.length < count)
      throw new Error(`Expected ${count} pending sleep(s), found ${this.pending.length}`);
  }
}

/** Lets pending promise callbacks and I/O callbacks run. */
export const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
