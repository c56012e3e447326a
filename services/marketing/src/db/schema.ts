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
import type { FunnelStep, LeadCampaign } from '../domain/funnel-steps';

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
  (t) => [index('funnel_facts_person').on(t.personKey, t.occurredAt)],
);

/** The grouping columns a roll-up row is kept per. */
const rollupColumns = () => ({
  day: date('day').notNull(),
  step: text('step').$type<FunnelStep>().notNull(),
  source: text('source').notNull(),
  medium: text('medium').notNull(),
  campaign: text('campaign').notNull(),
  offer: text('offer').notNull(),
  state: text('state').notNull(),
  paymentTerms: integer('payment_terms').notNull(),
  reason: text('reason').notNull(),
  people: integer('people').notNull(),
  events: integer('events').notNull(),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
});

/** The columns a roll-up row is kept per: its primary key, with the person's for person_steps. */
export const rollupKey = [
  'day',
  'step',
  'source',
  'medium',
  'campaign',
  'offer',
  'state',
  'paymentTerms',
  'reason',
] as const;

export const dailySteps = marketingSchema.table('daily_steps', rollupColumns(), (t) => [
  // Drizzle types a key as a non-empty list: the first column, then the rest.
  primaryKey({ columns: [t.day, ...rollupKey.slice(1).map((k) => t[k])] }),
]);

export const personSteps = marketingSchema.table(
  'person_steps',
  { personKey: text('person_key').notNull(), ...rollupColumns() },
  (t) => [primaryKey({ columns: [t.personKey, ...rollupKey.map((k) => t[k])] })],
);
