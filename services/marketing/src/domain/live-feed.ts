/**
 * What the live conversions page is told: a counted event as step, campaign, offer, amount and
 * time (the person's attribution read from their roll-up share, never their key), today's most
 * recent ones for a new connection, and today's running totals under the small-cell rule.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  LIVE_RECENT_MAX,
  SMALL_CELL_TEXT,
  clinicTimeZone,
  derivedFigureShown,
  funnelSteps,
  peopleCount,
  refundStep,
  revenueSteps,
  type LiveConversion,
  type LiveToday,
} from '@clinic/contracts';
import { rows, type Executor } from '@clinic/kit';
import { funnelDays } from '../db/schema';
import type { FunnelFact } from './funnel-steps';

/** Visits are the funnel's first step, not conversions: the feed leaves them out. */
export const isConversion = (fact: Pick<FunnelFact, 'step'>) => fact.step !== 'visit';

interface Attribution {
  source: string;
  campaign: string;
  offer: string;
}

async function attributionOf(db: Executor, personKey: string): Promise<Attribution> {
  const [found] = await rows<Attribution>(
    db,
    sql`select source, campaign, offer from marketing.person_steps
        where person_key = ${personKey} limit 1`,
  );
  return found ?? { source: '', campaign: '', offer: '' };
}

/** A just-counted fact as the feed shows it (read inside its transaction, after its refresh). */
export async function liveConversionOf(db: Executor, fact: FunnelFact): Promise<LiveConversion> {
  const who = await attributionOf(db, fact.personKey);
  return {
    id: fact.eventId,
    step: fact.step,
    campaign: who.campaign,
    source: who.source,
    offer: who.offer,
    amountCents: fact.amountCents ?? 0,
    at: fact.occurredAt.toISOString(),
  };
}

/** Today's conversions so far, newest first. */
export async function recentConversions(db: Executor, day: string): Promise<LiveConversion[]> {
  const found = await rows<Omit<LiveConversion, 'at'> & { at: Date | string }>(
    db,
    sql`select f.event_id::text as id, f.step, f.amount_cents::float8 as "amountCents",
          f.occurred_at as at,
          coalesce(p.campaign, '') as campaign, coalesce(p.source, '') as source,
          coalesce(p.offer, '') as offer
        from marketing.funnel_facts f
        left join lateral (
          select campaign, source, offer from marketing.person_steps
          where person_key = f.person_key limit 1
        ) p on true
        where f.occurred_at >= (${day}::date::timestamp at time zone ${clinicTimeZone})
          and f.step <> 'visit'
        order by f.occurred_at desc, f.event_id desc
        limit ${LIVE_RECENT_MAX}`,
  );
  return found.map((r) => ({ ...r, at: new Date(r.at).toISOString() }));
}

/** Today's people per step and money, from the roll-up. */
export async function todayTotals(db: Executor, day: string): Promise<LiveToday> {
  const found = await db
    .select({
      step: funnelDays.step,
      people: sql<number>`sum(${funnelDays.people})::int`,
      amountCents: sql<number>`sum(${funnelDays.amountCents})::float8`,
    })
    .from(funnelDays)
    .where(and(eq(funnelDays.dimension, 'all'), eq(funnelDays.day, day)))
    .groupBy(funnelDays.step);
  const of = (step: string) => found.find((r) => r.step === step);
  const payers = revenueSteps.reduce((n, step) => n + (of(step)?.people ?? 0), 0);
  const gross = revenueSteps.reduce((n, step) => n + (of(step)?.amountCents ?? 0), 0);
  const refunded = of(refundStep);
  return {
    day,
    steps: funnelSteps.map((step) => ({ step, people: peopleCount(of(step)?.people ?? 0) })),
    grossCents: derivedFigureShown(payers) ? gross : SMALL_CELL_TEXT,
    refundsCents: derivedFigureShown(refunded?.people ?? 0)
      ? (refunded?.amountCents ?? 0)
      : SMALL_CELL_TEXT,
  };
}
