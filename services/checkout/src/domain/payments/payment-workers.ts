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
import { and, eq, gt, isNotNull, lt, ne, notExists, sql } from 'drizzle-orm';
import type { Executor, Logger } from '@clinic/kit';
import { paymentAttempts, paymentWorkers } from '../../db/schema';

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
    await this.db.delete(paymentWorkers).where(eq(paymentWorkers.id, this.id));
  }

  async beat(): Promise<void> {
    await this.db
      .insert(paymentWorkers)
      .values({ id: this.id, seenAt: sql`now()` })
      .onConflictDoUpdate({ target: paymentWorkers.id, set: { seenAt: sql`now()` } });
    // Killed processes never say goodbye; a day later nothing can still refer to them.
    await this.db
      .delete(paymentWorkers)
      .where(lt(paymentWorkers.seenAt, sql`now() - interval '1 day'`));
  }

  /** Whether the worker that started an attempt still beats (this process always does). */
  async isAlive(workerId: string | null): Promise<boolean> {
    if (workerId === null || workerId === this.id) return workerId === this.id;
    const [row] = await this.db
      .select({ id: paymentWorkers.id })
      .from(paymentWorkers)
      .where(and(eq(paymentWorkers.id, workerId), this.seenRecently()));
    return row !== undefined;
  }

  /** Keys of attempts still charging whose worker stopped beating. */
  async orphanedAttempts(): Promise<string[]> {
    const a = paymentAttempts;
    const found = await this.db
      .select({ key: a.idempotencyKey })
      .from(a)
      .where(
        and(
          eq(a.status, 'charging'),
          isNotNull(a.workerId),
          ne(a.workerId, this.id),
          notExists(
            this.db
              .select({ id: paymentWorkers.id })
              .from(paymentWorkers)
              .where(and(eq(paymentWorkers.id, a.workerId), this.seenRecently())),
          ),
        ),
      );
    return found.map((row) => row.key);
  }

  /** Seen within `staleMs`, by the database's clock. */
  private seenRecently() {
    return gt(
      paymentWorkers.seenAt,
      sql`now() - make_interval(secs => ${this.timing.staleMs / 1000})`,
    );
  }
}
