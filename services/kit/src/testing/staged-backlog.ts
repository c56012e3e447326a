import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';

export interface StagedBacklog {
  /** Marks the event sent, removes the two jobs and frees the relay. */
  release(): Promise<void>;
}

/**
 * Puts a service's kit tables in the state an operator's gauges report, for tests of /metrics:
 * its relay lease held by "another instance" (so nothing is published), one `event` waiting in
 * its outbox for `ageSeconds`, one job waiting for its time an hour from now and one failed for
 * good. The event's envelope is empty: it is marked sent on release, never published.
 */
export async function stageBacklog(
  database: Database,
  schema: string,
  opts: { event: string; ageSeconds: number },
): Promise<StagedBacklog> {
  const s = sql.identifier(schema);
  const eventId = randomUUID();
  const jobs = [`staged-later-${eventId}`, `staged-dead-${eventId}`];
  await database.db.execute(sql`insert into ${s}.relay_lease (id, owner, expires_at)
      values (1, 'another instance', now() + interval '1 hour')
      on conflict (id) do update set owner = excluded.owner, expires_at = excluded.expires_at`);
  await database.db.execute(sql`insert into ${s}.outbox
      (event_id, name, version, aggregate_key, envelope, created_at)
      values (${eventId}, ${opts.event}, 1, 'staged', '{}'::jsonb,
              now() - ${opts.ageSeconds} * interval '1 second')`);
  await database.db.execute(sql`insert into ${s}.jobs
      (id, name, payload, status, run_at, max_attempts, backoff_ms)
      values (${jobs[0]}, 'staged.job', '{}', 'waiting', now() + interval '1 hour', 1, 1000),
             (${jobs[1]}, 'staged.job', '{}', 'dead', now(), 1, 1000)`);
  return {
    release: async () => {
      await database.db.execute(
        sql`update ${s}.outbox set sent_at = now() where event_id = ${eventId}`,
      );
      await database.db.execute(sql`delete from ${s}.jobs where id in (${jobs[0]}, ${jobs[1]})`);
      await database.db.execute(sql`delete from ${s}.relay_lease where owner = 'another instance'`);
    },
  };
}
