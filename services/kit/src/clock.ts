/** Time as the business sees it; tests pass a clock they can move (renewals, delays, expiries). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to. */
export class ManualClock implements Clock {
  private current: number;

  constructor(start: Date | string = '2026-01-01T00:00:00.000Z') {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current += ms;
  }

  set(date: Date | string): void {
    this.current = new Date(date).getTime();
  }
}

/**
 * The system clock moved forward by hand: for end-to-end tests of a running product, where
 * renewals and expiries must come without waiting months. Never used in production.
 */
export class OffsetClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Moves time forward (never back: stored dates would then lie in the future). */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new Error('The clock only moves forward');
    this.offsetMs += ms;
  }
}
