import { sql } from 'drizzle-orm';
import { rows, type Database } from '../db/database';

/** What a service's outbox and dead letters hold, as a metrics scrape reads them. */
export interface OutboxBacklog {
  /** Events not yet published, by event name (the topic). */
  unpublished: Record<string, number>;
  /** Age of the oldest unpublished event; 0 when there is none. */
  oldestAgeSeconds: number;
  /** Events a subscriber of this service gave up on. */
  deadLetters: number;
}

/** Where a scrape's counts stop: a backlog that deep is an incident whatever its exact size. */
const COUNT_LIMIT = 100000;

/**
 * One round trip on the kit's tables of `schema`: the unpublished rows through the relay's own
 * partial index (outbox_unsent), each count stopping at COUNT_LIMIT rows, so a scrape stays cheap
 * however much the outbox has published.
 */
export async function outboxBacklog(database: Database, schema: string): Promise<OutboxBacklog> {
  const s = sql.identifier(schema);
  const [row] = await rows<{
    unpublished: Record<string, number> | string | null;
    oldest_age_seconds: number | null;
    dead_letters: number;
  }>(
    database.db,
    sql`select
          (select json_object_agg(name, n) from (
             select name, count(*)::int as n from (
               select name from ${s}.outbox where sent_at is null order by seq limit ${COUNT_LIMIT}
             ) u group by name) g) as unpublished,
          (select greatest(0, extract(epoch from now() - created_at))::float8 from ${s}.outbox
             where sent_at is null order by seq limit 1) as oldest_age_seconds,
          (select count(*)::int from (select 1 from ${s}.dead_letters limit ${COUNT_LIMIT}) d)
            as dead_letters`,
  );
  const unpublished =
    typeof row?.unpublished === 'string'
      ? (JSON.parse(row.unpublished) as Record<string, number>)
      : (row?.unpublished ?? {});
  return {
    unpublished,
    oldestAgeSeconds: Number(row?.oldest_age_seconds ?? 0),
    deadLetters: Number(row?.dead_letters ?? 0),
  };
}
