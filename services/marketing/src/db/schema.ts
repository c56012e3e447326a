import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { FunnelGrouping, FunnelStep } from '@clinic/contracts';
import type { LeadCampaign } from '../domain/funnel-steps';

/** The marketing service's own schema; no other service reads it. */
export const marketingSchema = pgSchema('marketing');

export const funnelFacts = marketingSchema.table(
  'funnel_facts',
  {
    eventId: uuid('event_id').primaryKey(),
    step: text('step').$type<FunnelStep>().notNull(),
    personKey: text('person_key').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull().default(0),
    paymentTerms: integer('payment_terms').notNull().default(0),
    reason: text('reason').notNull().default(''),
    offer: text('offer').notNull().default(''),
    campaign: jsonb('campaign').$type<LeadCampaign>(),
  },
  (t) => [
    index('funnel_facts_person').on(t.personKey, t.occurredAt),
    index('funnel_facts_occurred').on(t.occurredAt),
  ],
);

/** What each person adds to the roll-ups now: replaced whole when one of their facts arrives. */
export const personSteps = marketingSchema.table(
  'person_steps',
  {
    personKey: text('person_key').notNull(),
    day: date('day').notNull(),
    step: text('step').$type<FunnelStep>().notNull(),
    source: text('source').notNull(),
    medium: text('medium').notNull(),
    campaign: text('campaign').notNull(),
    offer: text('offer').notNull(),
    state: text('state').notNull(),
    cohortWeek: date('cohort_week'),
    paymentTerms: integer('payment_terms').notNull(),
    reason: text('reason').notNull(),
    people: integer('people').notNull(),
    events: integer('events').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (t) => [index('person_steps_person').on(t.personKey)],
);

/** A roll-up's grouping: 'all' (value '') or one of the funnel page's groupings. */
export type FunnelDimension = 'all' | FunnelGrouping;

/** People, events and cents per grouping value, day, step, plan term and reason. */
export const funnelDays = marketingSchema.table(
  'funnel_days',
  {
    dimension: text('dimension').$type<FunnelDimension>().notNull(),
    value: text('value').notNull(),
    day: date('day').notNull(),
    step: text('step').$type<FunnelStep>().notNull(),
    paymentTerms: integer('payment_terms').notNull(),
    reason: text('reason').notNull(),
    people: integer('people').notNull(),
    events: integer('events').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.dimension, t.day, t.step, t.value, t.paymentTerms, t.reason] })],
);

/** People of each weekly cohort of qualified leads who reached each step, per grouping value. */
export const funnelCohorts = marketingSchema.table(
  'funnel_cohorts',
  {
    dimension: text('dimension').$type<FunnelDimension>().notNull(),
    value: text('value').notNull(),
    cohortWeek: date('cohort_week').notNull(),
    step: text('step').$type<FunnelStep>().notNull(),
    people: integer('people').notNull(),
  },
  (t) => [primaryKey({ columns: [t.dimension, t.cohortWeek, t.step, t.value] })],
);
