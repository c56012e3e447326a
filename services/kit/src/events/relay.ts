import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { EventEnvelope } from '@clinic/contracts';
import { rows, type Database } from '../db/database';
import type { Logger } from '../logging/logger';
import type { Metrics } from '../metrics/metrics';
import type { Bus } from './bus';
import { Wakeable } from '../wakeable';
import { inBackground } from '../work-priority';

export interface RelayOptions {
  service: string;
  schema: string;
  database: Database;
  bus: Bus;
  logger: Logger;
  metrics?: Metrics;
  batchSize?: number;
  pollMs?: number;
  leaseMs?: number;
}

/**
 * Publishes committed outbox rows to the bus in commit-sequence order and then marks them sent.
 * Only the holder of the service's relay lease publishes, so several instances of a service never
 * interleave; a dead holder's lease expires and another instance takes over. A crash between
 * publishing and marking sent means the rows are published again: subscribers' inboxes absorb
 * the repeat. Rows are marked by their exact sequence numbers, never by range, because a
 * transaction that committed late may hold a lower number than rows already published. It works
 * in the background (work-priority.ts): on the embedded database, requests go first.
 */
export class OutboxRelay {
  private readonly owner = randomUUID();
  private readonly wake = new Wakeable();
  /** When (performance.now()) this instance last asked for the lease and got it. */
  private leaseClaimedAt: number | null = null;
  /** When it last asked and another instance held it. */
  private leaseRefusedAt: number | null = null;
  private running = false;
  private loop: Promise<void> | undefined;

  constructor(private readonly opts: RelayOptions) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = inBackground(() => this.run());
  }

  /** Called after a commit that wrote events, so they go out without waiting for the next poll. */
  nudge(): void {
    this.wake.wake();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake.wake();
    await this.loop;
    await this.releaseLease().catch(() => undefined);
  }

  private async run(): Promise<void> {
    const pollMs = this.opts.pollMs ?? 500;
    let failures = 0;
    while (this.running) {
      try {
        const sent = await this.relayOnce();
        failures = 0;
        if (sent === (this.opts.batchSize ?? 100)) continue;
        await this.wake.sleep(pollMs);
      } catch (err) {
        failures += 1;
        this.leaseClaimedAt = null; // ask again before the next batch
        this.leaseRefusedAt = null;
        this.opts.logger.warn({ err, failures }, 'outbox relay failed; will retry');
        await this.wake.sleep(Math.min(pollMs * 2 ** failures, 15000));
      }
    }
  }

  /** Publishes one batch if this instance holds the lease; returns how many rows went out. */
  async relayOnce(): Promise<number> {
    const { database, schema, bus } = this.opts;
    const s = sql.identifier(schema);
    if (!(await this.holdLease())) return 0;
    const pending = await rows<{
      seq: string;
      name: string;
      aggregate_key: string;
      envelope: EventEnvelope | string;
    }>(
      database.db,
      sql`select seq, name, aggregate_key, envelope from ${s}.outbox
          where sent_at is null order by seq limit ${this.opts.batchSize ?? 100}`,
    );
    if (pending.length === 0) return 0;
    await bus.publish(
      pending.map((row) => ({
        topic: row.name,
        key: row.aggregate_key,
        envelope:
          typeof row.envelope === 'string'
            ? (JSON.parse(row.envelope) as EventEnvelope)
            : row.envelope,
      })),
    );
    await database.db.execute(
      sql`update ${s}.outbox set sent_at = now()
          where seq in (${sql.join(
            pending.map((r) => sql`${r.seq}`),
            sql`, `,
          )})`,
    );
    for (const row of pending)
      this.opts.metrics?.eventsPublished.inc({ service: this.opts.service, event: row.name });
    return pending.length;
  }

  /**
   * Renews the lease once a third of it has passed, not on every batch: the database set its
   * expiry after the moment this instance asked, so a lease asked for less than a third of
   * `leaseMs` ago still has two thirds to run, as much as a fresh claim leaves a slow batch.
   * An instance that was refused asks again after a poll interval, not on every nudge: each of
   * its commits nudges it, and with several instances of a service under load those refused
   * claims were a query per payment on every instance but one (issue 29). Taking over from a
   * dead holder waits for its lease to run out anyway, which is longer.
   */
  private async holdLease(): Promise<boolean> {
    const leaseMs = this.opts.leaseMs ?? 10000;
    const asked = performance.now();
    if (this.leaseClaimedAt !== null && asked - this.leaseClaimedAt < leaseMs / 3) return true;
    if (this.leaseRefusedAt !== null && asked - this.leaseRefusedAt < (this.opts.pollMs ?? 500))
      return false;
    this.leaseClaimedAt = null;
    this.leaseRefusedAt = null;
    if (!(await this.claimLease())) {
      this.leaseRefusedAt = asked;
      return false;
    }
    this.leaseClaimedAt = asked;
    return true;
  }

  private async claimLease(): Promise<boolean> {
    const s = sql.identifier(this.opts.schema);
    const leaseMs = this.opts.leaseMs ?? 10000;
    const claimed = await rows<{ owner: string }>(
      this.opts.database.db,
      sql`insert into ${s}.relay_lease (id, owner, expires_at)
          values (1, ${this.owner}, now() + ${leaseMs} * interval '1 millisecond')
          on conflict (id) do update set owner = excluded.owner, expires_at = excluded.expires_at
          where ${s}.relay_lease.owner = excluded.owner or ${s}.relay_lease.expires_at < now()
          returning owner`,
    );
    return claimed.length === 1;
  }

  private async releaseLease(): Promise<void> {
    this.leaseClaimedAt = null;
    const s = sql.identifier(this.opts.schema);
    await this.opts.database.db.execute(
      sql`delete from ${s}.relay_lease where owner = ${this.owner}`,
    );
  }
}
