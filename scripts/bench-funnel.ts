/**
 * `npm run bench:funnel`: marketing's funnel at the size issue 28 names, 1,000,000 events over
 * 90 days and 50 campaigns, printed, never gated (goals: a funnel query under 200 ms, the replay
 * at least 20,000 events a second).
 *
 * On PostgreSQL when DATABASE_URL is set (eval "$(infra/local/up.sh --env)"), in a scratch
 * database of its own that it drops at the end (the user needs CREATEDB); else on the embedded
 * database in a temporary folder. It seeds the facts marketing keeps (leads with their
 * campaign, state and offer, carts, payments, assessments, decisions, shipments, renewals,
 * cancellations, refunds, and campaign visits), replays them into the roll-ups with the same
 * `rebuildFunnel` that `npm run rebuild:funnel` runs, then asks the funnel page's query for
 * every grouping over 30 and 90 days.
 *
 * Settings (environment):
 *   BENCH_EVENTS=1000000   facts to seed (about; the default is 100000 on the embedded database)
 *   BENCH_QUERIES=15       runs of each query (median and p95 printed)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { funnelGroupings, type FunnelQuery } from '@clinic/contracts';
import {
  PgliteDatabase,
  PostgresDatabase,
  kitMigrations,
  loadMigrations,
  migrate,
  rows,
  type Database,
} from '@clinic/kit';
import { marketingService } from '@clinic/marketing';
import { funnelReportOf, rebuildFunnel } from '@clinic/marketing/read-model';

const DAYS = 90;
const CAMPAIGNS = 50;
const LAST_DAY = '2026-11-26';
const START = '2026-08-29T08:00:00Z';
/** Facts per qualified lead in the seeded mix (the lead, its later steps, and 1.2 visits). */
const FACTS_PER_LEAD = 4.37;

const intFrom = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isSafeInteger(value) && value > 0 ? value : fallback;
};

/** A scratch database: PostgreSQL beside DATABASE_URL's, or an embedded one in a temp folder. */
async function openScratch(): Promise<{
  database: Database;
  where: string;
  drop(): Promise<void>;
}> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-funnel-'));
    const database = await PgliteDatabase.open(dir);
    return {
      database,
      where: 'the embedded database (PGlite)',
      drop: async () => {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `bench_funnel_${process.pid}`;
  const admin = await PostgresDatabase.open(url, { max: 1 });
  await admin.db.execute(sql.raw(`CREATE DATABASE ${name}`));
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  const database = await PostgresDatabase.open(scratch.toString(), { max: 4 });
  return {
    database,
    where: `PostgreSQL ${scratch.host}`,
    drop: async () => {
      await database.close();
      await admin.db.execute(sql.raw(`DROP DATABASE IF EXISTS ${name}`));
      await admin.close();
    },
  };
}

/** The seeded history, in one statement per kind of person, deterministic (hashes, not random). */
async function seed(database: Database, leads: number): Promise<number> {
  const pick = (salt: string) => sql.raw(`abs(hashtext('${salt}' || g))`);
  const person = sql`
    select g, ${START}::timestamptz
        + ((${pick('t')} % ${DAYS * 86_400}) || ' seconds')::interval as at,
      ${pick('c')} % ${CAMPAIGNS} as camp,
      (array['default','A','B','C'])[1 + ${pick('o')} % 4] as offer,
      (array['TX','CA','FL','NY','OH','GA','NC','AZ','WA','CO'])[1 + ${pick('s')} % 10] as state,
      ${pick('r')} % 1000 as r`;
  const campaign = sql`jsonb_build_object(
    'source', (array['google','meta','tiktok','bing','email'])[1 + p.camp % 5],
    'medium', 'cpc', 'campaign', 'campaign-' || p.camp, 'content', '', 'term', '',
    'hasGclid', true, 'hasFbclid', false, 'landingPage', '/', 'state', p.state)`;
  await database.transaction(async (tx) => {
    await tx.execute(sql`
      insert into marketing.funnel_facts
        (event_id, step, person_key, occurred_at, amount_cents, payment_terms, reason, offer, campaign)
      select gen_random_uuid(), f.step, 'u:' || p.g, p.at + f.after, f.amount, f.terms, f.reason,
        f.offer, f.campaign
      from (${person} from generate_series(1, ${leads}) g) p
      cross join lateral (values
        ('lead-qualified', interval '0', 0, 0, '', p.offer, ${campaign}, true),
        ('cart-saved', interval '5 minutes', 29900, 0, '', '', null, p.r < 700),
        ('paid', interval '10 minutes', 134982, 6, '', '', null, p.r < 350),
        ('upsell', interval '12 minutes', 1997, 0, '', '', null, p.r < 60),
        ('assessment-submitted', interval '1 hour', 0, 0, '', '', null, p.r < 330),
        ('approved', interval '1 day', 0, 0, '', '', null, p.r < 280),
        ('denied', interval '1 day', 0, 0, '', '', null, p.r >= 280 and p.r < 320),
        ('refunded', interval '1 day 1 hour', 134982, 0, 'denied', '', null, p.r >= 280 and p.r < 320),
        ('shipped', interval '2 days', 0, 0, '', '', null, p.r < 270),
        ('renewed', interval '30 days', 34997, 1, '', '', null, p.r < 120),
        ('renewed', interval '60 days', 34997, 1, '', '', null, p.r < 60),
        ('cancelled', interval '20 days', 0, 6, 'patient', '', null, p.r >= 320 and p.r < 350)
      ) f(step, after, amount, terms, reason, offer, campaign, included)
      where f.included and p.at + f.after < ${LAST_DAY}::date + 1`);
    // 1.2 campaign visits a lead, each a person of its own.
    await tx.execute(sql`
      insert into marketing.funnel_facts (event_id, step, person_key, occurred_at, offer, campaign)
      select gen_random_uuid(), 'visit', 'v:' || p.g, p.at, p.offer, ${campaign}
      from (${person} from generate_series(1, ${Math.round(leads * 1.2)}) g) p`);
  });
  const [counted] = await rows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from marketing.funnel_facts`,
  );
  return counted?.n ?? 0;
}

function stats(ms: number[]): { median: number; p95: number } {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p95: at(0.95) };
}

async function main(): Promise<void> {
  const scratch = await openScratch();
  const embedded = !process.env.DATABASE_URL;
  const target = intFrom('BENCH_EVENTS', embedded ? 100_000 : 1_000_000);
  const queries = intFrom('BENCH_QUERIES', 15);
  try {
    const { database } = scratch;
    await migrate(database, 'marketing', kitMigrations('marketing'));
    await migrate(database, 'marketing', loadMigrations(marketingService.migrationsDir!));
    console.log(`Funnel benchmark on ${scratch.where}: seeding about ${target} events...`);
    let started = Date.now();
    const facts = await seed(database, Math.round(target / FACTS_PER_LEAD));
    console.log(
      `  seeded ${facts} facts over ${DAYS} days and ${CAMPAIGNS} campaigns in ${Date.now() - started} ms`,
    );

    started = Date.now();
    const replay = await rebuildFunnel(database);
    const replayMs = Date.now() - started;
    const [size] = await rows<{ days: number; cohorts: number }>(
      database.db,
      sql`select (select count(*)::int from marketing.funnel_days) as days,
                 (select count(*)::int from marketing.funnel_cohorts) as cohorts`,
    );
    console.log(
      `  replay: ${replay.facts} facts of ${replay.people} people in ${replayMs} ms = ` +
        `${Math.round(replay.facts / (replayMs / 1000))} events/s (goal 20000); ` +
        `roll-ups: ${size?.days} day rows, ${size?.cohorts} cohort rows`,
    );

    console.log(
      "  funnel query (GET /api/console/marketing/funnel, the service's work), goal < 200 ms:",
    );
    console.log('    grouping   range     median    p95');
    for (const days of [30, 90])
      for (const groupBy of funnelGroupings) {
        const from = new Date(Date.parse(`${LAST_DAY}T12:00:00Z`) - (days - 1) * 86_400_000)
          .toISOString()
          .slice(0, 10);
        const query: FunnelQuery = { from, to: LAST_DAY, groupBy };
        await funnelReportOf(database.db, query);
        const times: number[] = [];
        for (let i = 0; i < queries; i += 1) {
          const t = performance.now();
          await funnelReportOf(database.db, query);
          times.push(performance.now() - t);
        }
        const { median, p95 } = stats(times);
        console.log(
          `    ${groupBy.padEnd(10)} ${`${days} days`.padEnd(9)} ${median.toFixed(1).padStart(6)} ms ${p95.toFixed(1).padStart(6)} ms`,
        );
      }
  } finally {
    await scratch.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
