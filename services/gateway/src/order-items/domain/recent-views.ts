import type { ProgressItem } from '@clinic/contracts';

export interface OrderViewAnswer {
  orders: ProgressItem[];
  healthId: string | null;
}

/**
 * The order views answered in the last moments, per patient: the portal reads its orders on
 * every visit and after every step, so a burst of reads costs one query. The subscriber that
 * changes a patient's view forgets it at once (this process); an entry lives `ttlMs` (2 s) at
 * most, which bounds what another gateway process's change may take to show (the view is built
 * from events, so it already trails them by a moment). Bounded: the oldest entries go first.
 */
export class RecentViews {
  private readonly entries = new Map<number, { answer: OrderViewAnswer; until: number }>();

  constructor(
    private readonly ttlMs = 2000,
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 10_000,
  ) {}

  get(userId: number): OrderViewAnswer | undefined {
    const entry = this.entries.get(userId);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.entries.delete(userId);
      return undefined;
    }
    return entry.answer;
  }

  set(userId: number, answer: OrderViewAnswer): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(userId);
    this.entries.set(userId, { answer, until: this.now() + this.ttlMs });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  forget(userId: number | null): void {
    if (userId !== null) this.entries.delete(userId);
  }
}
