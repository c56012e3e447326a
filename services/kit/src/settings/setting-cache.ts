/**
 * A process's view of a setting (setting-store.ts), fresh within `maxAgeMs` (default 1 s): a
 * change made in any process, or applied from an event by any instance of a service, is what
 * every instance reads a second later, with no restart and without every request asking the
 * database. Past that age the next read asks only for the version, and reads the value again
 * when it moved; concurrent reads share one question.
 */
import type { z } from 'zod';
import type { Database } from '../db/database';
import type { SettingStore, SettingValue } from './setting-store';

export class SettingCache<S extends z.ZodType> {
  private current: SettingValue<z.infer<S>> | undefined;
  private checkedAt = -Infinity;
  private pending: Promise<SettingValue<z.infer<S>>> | undefined;

  constructor(
    private readonly store: SettingStore<S>,
    private readonly database: Database,
    private readonly opts: { maxAgeMs?: number; now?: () => number } = {},
  ) {}

  /** The value and its version, at most `maxAgeMs` old. */
  async get(): Promise<SettingValue<z.infer<S>>> {
    const now = (this.opts.now ?? performance.now.bind(performance))();
    if (this.current && now - this.checkedAt < (this.opts.maxAgeMs ?? 1000)) return this.current;
    this.pending ??= this.refresh(now).finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  /** Forgets the value, e.g. right after this process changed it. */
  invalidate(): void {
    this.checkedAt = -Infinity;
  }

  private async refresh(now: number): Promise<SettingValue<z.infer<S>>> {
    const db = this.database.db;
    if (this.current && (await this.store.version(db)) === this.current.version) {
      this.checkedAt = now;
      return this.current;
    }
    this.current = await this.store.read(db);
    this.checkedAt = now;
    return this.current;
  }
}
