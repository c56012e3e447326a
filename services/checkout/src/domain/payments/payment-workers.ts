/**
 * The checkout processes that are charging cards right now. Each one beats in
 * `checkout.payment_workers` every `beatMs`; an attempt left 'charging' by a worker that has not
 * beaten for `staleMs` was orphaned by a crash (a SIGKILL mid-charge), and is settled at once by
 * any live worker: on its next beat, or by a retry of the same Idempotency-Key. A live worker's
 * attempts are never taken from it, so a slow processor call is waited for, not repeated.
 *
 * Times are the database's own clock (`now()`), not the product clock, so liveness holds across
 * processes and is unaffected by the clock tests move.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rows, type Executor, type Logger } from '@clinic/kit';

export interface PaymentWorkerTiming {
  beatMs: number;
  staleMs: number;
}

export const defaultPaymentWorkerTiming: PaymentWorkerTiming = { beatMs: 2_000, staleMs: 6_000 };

export class PaymentWorkers {
  /** This process's worker id, stored on every attempt it starts. */
  readonly id = randomUUID();
  private timer: NodeJS.Timeout | null = null;
  private beating: Promise<void> | null = null;

  constructor(
    private readonly db: Executor,
    private readonly logger: Logger,
    private readonly timing: PaymentWorkerTiming = defaultPaymentWorkerTiming,
  ) {}

  /** Beats now and every `beatMs`; `onBeat` then settles what dead workers left. */
  async start(onBeat: (orphans: string[]) => Promise<void>): Promise<void> {
    const tick = async () => {
      await this.beat();
      await onBeat(await this.orphanedAttempts());
    };
    await tick();
    this.timer = setInterval(() => {
      if (this.beating) return;
      this.beating = tick()
        .catch((err: unknown) => this.logger.warn({ err }, 'payment worker beat failed'))
        .finally(() => {
          this.beating = null;
        });
    }, this.timing.beatMs);
    this.timer.unref();
  }

  /** Stops beating and says so at once, so no one waits `staleMs` for a clean shutdown. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.beating;
    await this.db.execute(sql`delete from checkout.payment_workers where id = ${this.id}`);
  }

  async beat(): Promise<void> {
    await this.db.execute(
      sql`insert into checkout.payment_workers (id, seen_at) values (${this.id}, now())
          on conflict (id) do update set seen_at = now()`,
    );
    // Killed processes never say goodbye; a day later nothing can still refer to them.
    await this.db.execute(
      sql`delete from checkout.payment_workers where seen_at < now() - interval '1 day'`,
    );
  }

  /** Whether the worker that started an attempt still beats (this process always does). */
  async isAlive(workerId: string | null): Promise<boolean> {
    if (workerId === null || workerId === this.id) return workerId === this.id;
    const [row] = await rows<{ alive: boolean }>(
      this.db,
      sql`select exists (
            select 1 from checkout.payment_workers
            where id = ${workerId} and seen_at > now() - make_interval(secs => ${this.timing.staleMs / 1000})
          ) as alive`,
    );
    return row?.alive === true;
  }

  /** Keys of attempts still charging whose worker stopped beating. */
  async orphanedAttempts(): Promise<string[]> {
    const found = await rows<{ idempotency_key: string }>(
      this.db,
      sql`select a.idempotency_key from checkout.payment_attempts a
          where a.status = 'charging' and a.worker_id is not null and a.worker_id <> ${this.id}
            and not exists (
              select 1 from checkout.payment_workers w
              where w.id = a.worker_id
                and w.seen_at > now() - make_interval(secs => ${this.timing.staleMs / 1000}))`,
    );
    return found.map((row) => row.idempotency_key);
  }
}
