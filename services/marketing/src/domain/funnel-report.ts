/**
 * The funnel page's figures, read from the roll-ups alone (never the facts): one grouped query
 * over a date range's days, one over its weeks' cohorts. Every count of people passes the
 * small-cell rule here, and every figure derived from a small count (money, a rate, an interval)
 * is withheld, so nothing downstream (the page, the CSV) can show more than marketing may see.
 */
import { and, between, eq, inArray, sql } from 'drizzle-orm';
import {
  SMALL_CELL_TEXT,
  cohortSteps,
  compareOffer,
  derivedFigureShown,
  funnelBreakdowns,
  funnelReasonLabels,
  funnelStepRules,
  funnelSteps,
  offerVariants,
  peopleCount,
  rateInterval,
  refundStep,
  revenueSteps,
  type FunnelCohort,
  type FunnelDetail,
  type FunnelGroup,
  type FunnelQuery,
  type FunnelReport,
  type FunnelStep,
  type OfferTest,
  type PeopleCount,
} from '@clinic/contracts';
import type { Executor } from '@clinic/kit';
import { funnelCohorts, funnelDays } from '../db/schema';

interface Tally {
  people: number;
  events: number;
  amountCents: number;
}
type StepTallies = Map<FunnelStep, Tally>;

const none: Tally = { people: 0, events: 0, amountCents: 0 };
/** Cents behind `people`: withheld for a small cell, unless there are none (nothing to tell). */
const shownCents = (cents: number, people: number): PeopleCount =>
  cents === 0 || derivedFigureShown(people) ? cents : SMALL_CELL_TEXT;

/** `part` over `whole`, or null when either is a small cell or there is no whole. */
function shownRate(part: number, whole: number): number | null {
  return whole > 0 && derivedFigureShown(part) && derivedFigureShown(whole) ? part / whole : null;
}

function groupFigures(value: string, tallies: StepTallies): FunnelGroup {
  const of = (step: FunnelStep) => tallies.get(step) ?? none;
  const steps = funnelSteps.map((step) => {
    const tally = of(step);
    const base = funnelStepRules[step].base;
    return {
      step,
      people: peopleCount(tally.people),
      events: peopleCount(tally.events),
      amountCents: shownCents(tally.amountCents, tally.people),
      rate: base === null ? null : shownRate(tally.people, of(base).people),
    };
  });
  const payers = revenueSteps.reduce((n, step) => n + of(step).people, 0);
  const gross = revenueSteps.reduce((n, step) => n + of(step).amountCents, 0);
  const refunded = of(refundStep);
  const moneyShown = derivedFigureShown(payers) && derivedFigureShown(refunded.people);
  return {
    value,
    steps,
    grossCents: shownCents(gross, payers),
    refundsCents: shownCents(refunded.amountCents, refunded.people),
    netCents: moneyShown ? gross - refunded.amountCents : SMALL_CELL_TEXT,
    refundRate: shownRate(refunded.people, of('paid').people),
  };
}

/** The Monday of the week of a day (the cohorts' weeks start on Monday). */
export function mondayOf(day: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() - ((at.getUTCDay() + 6) % 7));
  return at.toISOString().slice(0, 10);
}

async function stepTallies(db: Executor, query: FunnelQuery) {
  return db
    .select({
      dimension: funnelDays.dimension,
      value: funnelDays.value,
      step: funnelDays.step,
      people: sql<number>`sum(${funnelDays.people})::int`,
      events: sql<number>`sum(${funnelDays.events})::int`,
      amountCents: sql<number>`sum(${funnelDays.amountCents})::float8`,
    })
    .from(funnelDays)
    .where(
      and(
        inArray(funnelDays.dimension, ['all', query.groupBy]),
        between(funnelDays.day, query.from, query.to),
      ),
    )
    .groupBy(funnelDays.dimension, funnelDays.value, funnelDays.step);
}

const brokenDown = Object.keys(funnelBreakdowns) as (keyof typeof funnelBreakdowns)[];

/** The whole funnel's breakdowns over the range, by reason or plan term. */
async function details(db: Executor, query: FunnelQuery): Promise<FunnelDetail[]> {
  const found = await db
    .select({
      step: funnelDays.step,
      paymentTerms: funnelDays.paymentTerms,
      reason: funnelDays.reason,
      people: sql<number>`sum(${funnelDays.people})::int`,
      amountCents: sql<number>`sum(${funnelDays.amountCents})::float8`,
    })
    .from(funnelDays)
    .where(
      and(
        eq(funnelDays.dimension, 'all'),
        inArray(funnelDays.step, brokenDown),
        between(funnelDays.day, query.from, query.to),
      ),
    )
    .groupBy(funnelDays.step, funnelDays.paymentTerms, funnelDays.reason);
  const lines = new Map<string, FunnelDetail & { n: number; cents: number }>();
  for (const row of found) {
    const step = row.step as keyof typeof funnelBreakdowns;
    const byTerm = funnelBreakdowns[step] === 'paymentTerms';
    const detail = byTerm ? String(row.paymentTerms) : row.reason;
    const key = `${step}|${detail}`;
    const line = lines.get(key) ?? {
      step,
      detail,
      label: byTerm
        ? `${row.paymentTerms} ${row.paymentTerms === 1 ? 'month' : 'months'}`
        : (funnelReasonLabels[detail] ?? detail),
      people: 0,
      amountCents: 0,
      n: 0,
      cents: 0,
    };
    line.n += row.people;
    line.cents += row.amountCents;
    lines.set(key, line);
  }
  const order = (d: FunnelDetail) => funnelSteps.indexOf(d.step);
  return [...lines.values()]
    .filter((line) => line.n > 0)
    .map(({ n, cents, ...line }) => ({
      ...line,
      people: peopleCount(n),
      amountCents: shownCents(cents, n),
    }))
    .sort(
      (a, b) => order(a) - order(b) || a.detail.localeCompare(b.detail, 'en', { numeric: true }),
    );
}

async function cohortTallies(db: Executor, query: FunnelQuery, dimension: 'all' | 'offer') {
  return db
    .select({
      value: funnelCohorts.value,
      week: funnelCohorts.cohortWeek,
      step: funnelCohorts.step,
      people: sql<number>`sum(${funnelCohorts.people})::int`,
    })
    .from(funnelCohorts)
    .where(
      and(
        eq(funnelCohorts.dimension, dimension),
        between(funnelCohorts.cohortWeek, mondayOf(query.from), query.to),
        inArray(funnelCohorts.step, [...cohortSteps]),
      ),
    )
    .groupBy(funnelCohorts.value, funnelCohorts.cohortWeek, funnelCohorts.step);
}

function cohortsOf(found: Awaited<ReturnType<typeof cohortTallies>>): FunnelCohort[] {
  const weeks = new Map<string, Record<(typeof cohortSteps)[number], number>>();
  for (const row of found) {
    const week = weeks.get(row.week) ?? { 'lead-qualified': 0, paid: 0, approved: 0, renewed: 0 };
    week[row.step as (typeof cohortSteps)[number]] += row.people;
    weeks.set(row.week, week);
  }
  return [...weeks.entries()]
    .filter(([, n]) => n['lead-qualified'] > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([week, n]) => ({
      week,
      leads: peopleCount(n['lead-qualified']),
      paid: peopleCount(n.paid),
      approved: peopleCount(n.approved),
      renewed: peopleCount(n.renewed),
      paidRate: shownRate(n.paid, n['lead-qualified']),
    }));
}

function offersOf(found: Awaited<ReturnType<typeof cohortTallies>>): OfferTest[] {
  const arm = (variant: string) => ({
    leads: found
      .filter((r) => r.value === variant && r.step === 'lead-qualified')
      .reduce((n, r) => n + r.people, 0),
    paid: found
      .filter((r) => r.value === variant && r.step === 'paid')
      .reduce((n, r) => n + r.people, 0),
  });
  const control = arm('default');
  return offerVariants.map((variant) => {
    const own = arm(variant);
    const shown = derivedFigureShown(own.leads) && derivedFigureShown(own.paid);
    const interval = rateInterval(own.paid, own.leads);
    const bothShown =
      shown &&
      own.leads > 0 &&
      control.leads > 0 &&
      derivedFigureShown(control.leads) &&
      derivedFigureShown(control.paid);
    const vs = compareOffer(own, control);
    return {
      variant,
      leads: peopleCount(own.leads),
      paid: peopleCount(own.paid),
      rate: shown && own.leads > 0 ? interval.rate : null,
      low: shown && own.leads > 0 ? interval.low : null,
      high: shown && own.leads > 0 ? interval.high : null,
      comparison:
        variant === 'default'
          ? null
          : {
              difference: bothShown ? vs.difference : null,
              low: bothShown ? vs.low : null,
              high: bothShown ? vs.high : null,
              pValue: bothShown ? vs.pValue : null,
              verdict: bothShown ? vs.verdict : 'too-few',
            },
    };
  });
}

export async function funnelReportOf(db: Executor, query: FunnelQuery): Promise<FunnelReport> {
  const [days, breakdowns, cohorts, offers] = await Promise.all([
    stepTallies(db, query),
    details(db, query),
    cohortTallies(db, query, 'all'),
    cohortTallies(db, query, 'offer'),
  ]);
  const total: StepTallies = new Map();
  const groups = new Map<string, StepTallies>();
  for (const row of days) {
    const tallies = row.dimension === 'all' ? total : (groups.get(row.value) ?? new Map());
    if (row.dimension !== 'all') groups.set(row.value, tallies);
    tallies.set(row.step, { people: row.people, events: row.events, amountCents: row.amountCents });
  }
  const paidOf = (tallies: StepTallies) => tallies.get('paid')?.people ?? 0;
  return {
    status: 'success',
    from: query.from,
    to: query.to,
    groupBy: query.groupBy,
    total: groupFigures('', total),
    groups: [...groups.entries()]
      .sort(([a, x], [b, y]) => paidOf(y) - paidOf(x) || a.localeCompare(b))
      .map(([value, tallies]) => groupFigures(value, tallies)),
    details: breakdowns,
    cohorts: cohortsOf(cohorts),
    offers: offersOf(offers),
  };
}
