/**
 * The funnel's read model. Every consumed step is kept once in `funnel_facts` (by event id); what
 * one person adds to the roll-ups is a pure function of that person's facts (one SQL statement,
 * `shareSql`), recomputed whenever one arrives, so events in any order, redelivered or replayed,
 * give the same roll-ups. The replay runs the very same statements over everyone at once, which
 * is what makes it fast (set-based) and equal to the live model by construction.
 *
 * A person counts once per step, on the clinic day they first reach it; events and money count
 * every time. Their attribution is their earliest lead's campaign and state; their offer, the
 * first offer a fact names (their lead's A/B/C link, else the plan they first paid for); their
 * cohort, the Monday of the week of their first qualified lead.
 */
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { clinicTimeZone, funnelGroupings } from '@clinic/contracts';
import { rows, type Database, type Tx } from '@clinic/kit';
import { funnelCohorts, funnelDays, funnelFacts, personSteps } from '../db/schema';
import type { FunnelFact } from './funnel-steps';

/** Keeps one fact and recomputes its person's share; a fact already kept changes nothing. */
export async function recordFunnelFact(tx: Tx, fact: FunnelFact): Promise<boolean> {
  const inserted = await tx
    .insert(funnelFacts)
    .values({
      eventId: fact.eventId,
      step: fact.step,
      personKey: fact.personKey,
      occurredAt: fact.occurredAt,
      amountCents: fact.amountCents ?? 0,
      paymentTerms: fact.paymentTerms ?? 0,
      reason: fact.reason ?? '',
      offer: fact.offer ?? '',
      campaign: fact.campaign ?? null,
    })
    .onConflictDoNothing()
    .returning({ eventId: funnelFacts.eventId });
  if (inserted.length === 0) return false;
  await refreshPerson(tx, fact.personKey);
  return true;
}

/** Inserts into person_steps the share of the people whose facts `facts` (a filter on f) keeps. */
function shareSql(filter: SQL): SQL {
  return sql`
    INSERT INTO marketing.person_steps (person_key, day, step, source, medium, campaign, offer,
      state, cohort_week, payment_terms, reason, people, events, amount_cents)
    WITH facts AS (
      SELECT f.*, (f.occurred_at AT TIME ZONE ${clinicTimeZone})::date AS day,
        row_number() OVER (PARTITION BY f.person_key, f.step ORDER BY f.occurred_at, f.event_id) AS nth
      FROM marketing.funnel_facts f WHERE ${filter}
    ), attribution AS (
      SELECT DISTINCT ON (person_key) person_key, campaign FROM facts
      WHERE campaign IS NOT NULL ORDER BY person_key, occurred_at, event_id
    ), offers AS (
      SELECT DISTINCT ON (person_key) person_key, offer FROM facts
      WHERE offer <> '' ORDER BY person_key, occurred_at, event_id
    ), cohorts AS (
      SELECT person_key, min(day) AS first_lead FROM facts
      WHERE step = 'lead-qualified' GROUP BY person_key
    )
    SELECT f.person_key, f.day, f.step,
      coalesce(a.campaign->>'source', ''), coalesce(a.campaign->>'medium', ''),
      coalesce(a.campaign->>'campaign', ''), coalesce(o.offer, ''),
      coalesce(a.campaign->>'state', ''),
      c.first_lead - (extract(isodow FROM c.first_lead)::int - 1),
      f.payment_terms, f.reason,
      count(*) FILTER (WHERE f.nth = 1), count(*), sum(f.amount_cents)
    FROM facts f
    LEFT JOIN attribution a USING (person_key)
    LEFT JOIN offers o USING (person_key)
    LEFT JOIN cohorts c USING (person_key)
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11`;
}

/** Each person_steps row once under 'all' and once under each grouping's value. */
const groupingsOf = sql.raw(
  `(VALUES ('all', '')${funnelGroupings.map((g) => `, ('${g}', p.${g})`).join('')})`,
);

/** Adds (or, with -1, takes away) the person_steps rows `filter` keeps to both roll-ups. */
async function addShares(tx: Tx, filter: SQL, sign: 1 | -1): Promise<void> {
  const times = sql.raw(String(sign));
  await tx.execute(sql`
    INSERT INTO marketing.funnel_days AS d (dimension, value, day, step, payment_terms, reason,
      people, events, amount_cents)
    SELECT g.dimension, g.value, p.day, p.step, p.payment_terms, p.reason,
      ${times} * sum(p.people), ${times} * sum(p.events), ${times} * sum(p.amount_cents)
    FROM marketing.person_steps p CROSS JOIN LATERAL ${groupingsOf} AS g(dimension, value)
    WHERE ${filter}
    GROUP BY 1, 2, 3, 4, 5, 6
    -- Rows locked in one order, so two people's updates of the same days never deadlock.
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (dimension, day, step, value, payment_terms, reason) DO UPDATE SET
      people = d.people + excluded.people, events = d.events + excluded.events,
      amount_cents = d.amount_cents + excluded.amount_cents`);
  await tx.execute(sql`
    INSERT INTO marketing.funnel_cohorts AS c (dimension, value, cohort_week, step, people)
    SELECT g.dimension, g.value, p.cohort_week, p.step, ${times} * sum(p.people)
    FROM marketing.person_steps p CROSS JOIN LATERAL ${groupingsOf} AS g(dimension, value)
    WHERE ${filter} AND p.cohort_week IS NOT NULL AND p.people > 0
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (dimension, cohort_week, step, value) DO UPDATE SET
      people = c.people + excluded.people`);
}

/** Replaces a person's share of the roll-ups with what their facts make now. */
export async function refreshPerson(tx: Tx, personKey: string): Promise<void> {
  // One person's facts may arrive on several topics at once: their recomputations take turns.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('marketing:' || ${personKey}))`);
  const theirs = sql`p.person_key = ${personKey}`;
  await addShares(tx, theirs, -1);
  const before = await tx
    .delete(personSteps)
    .where(eq(personSteps.personKey, personKey))
    .returning({ day: personSteps.day, cohortWeek: personSteps.cohortWeek });
  await tx.execute(shareSql(sql`f.person_key = ${personKey}`));
  await addShares(tx, theirs, 1);
  // What the person no longer adds to leaves rows of nothing behind: they go.
  const days = [...new Set(before.map((r) => r.day))];
  if (days.length > 0)
    await tx
      .delete(funnelDays)
      .where(sql`${funnelDays.events} = 0 AND ${inArray(funnelDays.day, days)}`);
  const weeks = [...new Set(before.flatMap((r) => (r.cohortWeek ? [r.cohortWeek] : [])))];
  if (weeks.length > 0)
    await tx
      .delete(funnelCohorts)
      .where(sql`${funnelCohorts.people} = 0 AND ${inArray(funnelCohorts.cohortWeek, weeks)}`);
}

/**
 * Empties the roll-ups and makes them again from the kept facts, everyone at once (the command
 * `npm run rebuild:funnel -w @clinic/marketing`, and a start that finds them empty). Returns how
 * many facts and people it replayed.
 */
export async function rebuildFunnel(
  database: Database,
): Promise<{ facts: number; people: number }> {
  return database.transaction(async (tx) => {
    // Two replays at once (two processes starting) would add everyone twice: one at a time.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('marketing:rebuild'))`);
    await tx.delete(funnelDays);
    await tx.delete(funnelCohorts);
    await tx.delete(personSteps);
    await tx.execute(shareSql(sql`true`));
    await addShares(tx, sql`true`, 1);
    const [counted] = await tx
      .select({
        facts: sql<number>`count(*)::int`,
        people: sql<number>`count(distinct ${funnelFacts.personKey})::int`,
      })
      .from(funnelFacts);
    return { facts: counted?.facts ?? 0, people: counted?.people ?? 0 };
  });
}

/** Whether facts are kept but the roll-ups are empty (a new version of them, or a lost table). */
export async function funnelNeedsRebuild(database: Database): Promise<boolean> {
  return database.transaction(async (tx) => {
    const [row] = await rows<{ needs: boolean }>(
      tx,
      sql`select exists (select 1 from marketing.funnel_facts)
        and not exists (select 1 from marketing.person_steps) as needs`,
    );
    return row?.needs === true;
  });
}
