import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import { rows, type Database, type Tx } from '../db/database';
import type { Logger } from '../logging/logger';
import { Wakeable } from '../wakeable';
import { inBackground } from '../work-priority';
import type { EnqueueOptions, QueueEngine } from './queue';

export interface JobOutboxOptions {
  schema: string;
  database: Database;
  queue: QueueEngine;
  clock: Clock;
  logger: Logger;
  /** How often the sweep looks for rows left behind (default 5 s). */
  pollMs?: number;
  /** Rows younger than this are left to the process that wrote them (default 10 s). */
  minAgeMs?: number;
}

interface OutboxRow {
  seq: string;
  name: string;
  payload: unknown;
  job_id: string;
  run_at: string | Date;
}

/**
 * Jobs enqueued after commit for a queue outside the service's database (BullMQ): written in the
 * caller's transaction, handed to the queue once it committed, and swept up after a crash or
 * while the queue was down. See after-commit.ts for the guarantees. Hand-overs and sweeps are
 * background work (work-priority.ts).
 */
export class JobOutbox {
  readonly queue: QueueEngine;
  private readonly wake = new Wakeable();
  private running = false;
  private loop: Promise<void> | undefined;
  /** Hand-overs run one at a time, so this process never hands a row over twice at once. */
  private chain: Promise<unknown> = Promise.resolve();

  constructor(private readonly opts: JobOutboxOptions) {
    this.queue = opts.queue;
  }

  private get table() {
    return sql`${sql.identifier(this.opts.schema)}.job_outbox`;
  }

  /** Checks the job and writes it through `tx`; its job id is drawn here when none is given. */
  async write(
    tx: Tx,
    name: string,
    payload: unknown,
    opts: EnqueueOptions = {},
  ): Promise<{ seq: string; jobId: string }> {
    const data = this.queue.prepare(name, payload, opts);
    const jobId = opts.jobId ?? `after-commit-${randomUUID()}`;
    const now = this.opts.clock.now();
    const runAt = new Date(now.getTime() + (opts.delayMs ?? 0));
    const [row] = await rows<{ seq: string }>(
      tx,
      sql`insert into ${this.table} (name, payload, job_id, run_at, created_at)
          values (${name}, ${JSON.stringify(data)}::jsonb, ${jobId}, ${runAt.toISOString()}, ${now.toISOString()})
          returning seq`,
    );
    return { seq: String(row!.seq), jobId };
  }

  /** After a commit: hands these rows to the queue in the background (the sweep retries). */
  handOver(seqs: string[]): void {
    void inBackground(() =>
      this.serially(async () => {
        const found = await rows<OutboxRow>(
          this.opts.database.db,
          sql`select seq, name, payload, job_id, run_at from ${this.table}
            where seq in (${sql.join(
              seqs.map((s) => sql`${s}`),
              sql`, `,
            )}) order by seq`,
        );
        await this.push(found);
      }),
    ).catch((err: unknown) =>
      this.opts.logger.warn({ err }, 'job outbox: hand-over failed; the sweep retries'),
    );
  }

  /** Hands every row older than `minAgeMs` to the queue; returns how many went. */
  sweep(): Promise<number> {
    return this.serially(async () => {
      const minAgeMs = this.opts.minAgeMs ?? 10_000;
      const before = new Date(this.opts.clock.now().getTime() - minAgeMs);
      const found = await rows<OutboxRow>(
        this.opts.database.db,
        sql`select seq, name, payload, job_id, run_at from ${this.table}
            where created_at <= ${before.toISOString()} order by seq limit 100`,
      );
      await this.push(found);
      return found.length;
    });
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = inBackground(() => this.run());
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake.wake();
    await this.loop;
    await this.chain.catch(() => undefined);
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        const moved = await this.sweep();
        if (moved === 100) continue;
      } catch (err) {
        this.opts.logger.warn({ err }, 'job outbox sweep failed; will retry');
      }
      await this.wake.sleep(this.opts.pollMs ?? 5000);
    }
  }

  private serially<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.chain.then(fn, fn);
    this.chain = next.catch(() => undefined);
    return next;
  }

  /** Each row to the queue, then deleted; one that fails stays for the next sweep. */
  private async push(found: OutboxRow[]): Promise<void> {
    let failure: unknown;
    for (const row of found) {
      try {
        const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
        const due = new Date(row.run_at).getTime() - this.opts.clock.now().getTime();
        await this.queue.enqueue(row.name, payload, {
          jobId: row.job_id,
          delayMs: Math.max(0, due),
        });
        await this.opts.database.db.execute(sql`delete from ${this.table} where seq = ${row.seq}`);
      } catch (err) {
        failure ??= err;
      }
    }
    if (failure !== undefined) throw failure;
  }
}
