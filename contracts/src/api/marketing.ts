/**
 * Marketing's console calls (issue 28): the conversion funnel over a date range and a grouping,
 * its weekly lead cohorts and offer tests, and each table as CSV. Every figure about people is
 * already small-cell suppressed by the server ("<11"), so no client can show more than marketing
 * may see; no answer names a person, an order or a product.
 */
import { z } from 'zod';
import { offerVariants } from '../constants/tracking';
import {
  FUNNEL_RANGE_MAX_DAYS,
  SMALL_CELL_TEXT,
  funnelGroupings,
  funnelSteps,
} from '../rules/marketing';
import { defineRoute } from './route';

export const marketingMessages = {
  invertedRange: 'The start date must be on or before the end date.',
  rangeTooLong: `Choose a date range of at most ${FUNNEL_RANGE_MAX_DAYS} days.`,
  unknownTable: 'Choose the steps, groups, cohorts or offers table.',
} as const;

const DAY_MS = 86_400_000;

/** A date range of clinic (Pacific) days, both ends included. */
const dateRange = {
  from: z.iso.date({ error: 'Enter the start date as YYYY-MM-DD.' }),
  to: z.iso.date({ error: 'Enter the end date as YYYY-MM-DD.' }),
};

function checkRange(range: { from: string; to: string }, ctx: z.RefinementCtx): void {
  const days = (Date.parse(range.to) - Date.parse(range.from)) / DAY_MS;
  if (days < 0)
    ctx.addIssue({ code: 'custom', path: ['to'], message: marketingMessages.invertedRange });
  else if (days + 1 > FUNNEL_RANGE_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: marketingMessages.rangeTooLong });
}

export const funnelQuerySchema = z
  .object({
    ...dateRange,
    groupBy: z.enum(funnelGroupings, { error: `Group by ${funnelGroupings.join(', ')}.` }),
  })
  .superRefine(checkRange);
export type FunnelQuery = z.infer<typeof funnelQuerySchema>;

/** A count of people (or events) as marketing may see it: "<11" for 1 to 10. */
export const peopleFigureSchema = z.union([z.number().int().min(0), z.literal(SMALL_CELL_TEXT)]);
/** Cents, or "<11" when fewer than 11 people paid or were refunded them. */
export const centsFigureSchema = z.union([z.number().int(), z.literal(SMALL_CELL_TEXT)]);
/** A fraction of 1; null when it may not be shown (a small cell) or has no base. */
const rateSchema = z.number().nullable();

export const funnelStepFiguresSchema = z.object({
  step: z.enum(funnelSteps),
  people: peopleFigureSchema,
  events: peopleFigureSchema,
  amountCents: centsFigureSchema,
  /** People at this step over people at its base step (rules/marketing.ts's funnelStepRules). */
  rate: rateSchema,
});

export const funnelGroupSchema = z.object({
  /** The grouping's value ('' when the leads carried none); '' for the total. */
  value: z.string(),
  steps: z.array(funnelStepFiguresSchema),
  grossCents: centsFigureSchema,
  refundsCents: centsFigureSchema,
  netCents: centsFigureSchema,
  /** Refunded people over paying people. */
  refundRate: rateSchema,
});
export type FunnelGroup = z.infer<typeof funnelGroupSchema>;

export const funnelCohortSchema = z.object({
  /** The Monday of the Pacific week the leads qualified in. */
  week: z.iso.date(),
  leads: peopleFigureSchema,
  paid: peopleFigureSchema,
  approved: peopleFigureSchema,
  renewed: peopleFigureSchema,
  paidRate: rateSchema,
});
export type FunnelCohort = z.infer<typeof funnelCohortSchema>;

export const offerTestSchema = z.object({
  variant: z.enum(offerVariants),
  leads: peopleFigureSchema,
  paid: peopleFigureSchema,
  /** The paid rate and its 95% interval; null under the small-cell rule. */
  rate: rateSchema,
  low: rateSchema,
  high: rateSchema,
  /** Against the default offer (null for the default itself). */
  comparison: z
    .object({
      difference: rateSchema,
      low: rateSchema,
      high: rateSchema,
      pValue: rateSchema,
      verdict: z.enum(['better', 'worse', 'no-difference', 'too-few']),
    })
    .nullable(),
});
export type OfferTest = z.infer<typeof offerTestSchema>;

/** One line of a step's breakdown (rules/marketing.ts's funnelBreakdowns), for the whole funnel. */
export const funnelDetailSchema = z.object({
  step: z.enum(funnelSteps),
  /** The reason as kept ('bmi_below_25', 'patient', 'denied'...) or the plan term in months. */
  detail: z.string(),
  label: z.string(),
  people: peopleFigureSchema,
  amountCents: centsFigureSchema,
});
export type FunnelDetail = z.infer<typeof funnelDetailSchema>;

export const funnelReportSchema = z.object({
  status: z.literal('success'),
  from: z.iso.date(),
  to: z.iso.date(),
  groupBy: z.enum(funnelGroupings),
  total: funnelGroupSchema,
  /** One per value of the grouping, the most paying people first. */
  groups: z.array(funnelGroupSchema),
  /** The whole funnel's breakdowns: disqualifications, first payments, cancellations, refunds. */
  details: z.array(funnelDetailSchema),
  /** Leads of the weeks the range touches, followed to today. */
  cohorts: z.array(funnelCohortSchema),
  /** Each offer variant's leads in the range's cohorts and how many of them paid. */
  offers: z.array(offerTestSchema),
});
export type FunnelReport = z.infer<typeof funnelReportSchema>;

export const funnelReport = defineRoute({
  method: 'get',
  path: '/api/console/marketing/funnel',
  service: 'marketing',
  auth: 'staff',
  staffRoles: ['marketing'],
  summary:
    'The conversion funnel of a date range (Pacific days, at most a year) grouped by source, medium, campaign, offer or state: people, events and money per step with the conversion rates, weekly lead cohorts and the offer tests. Counts of 1 to 10 people read "<11".',
  query: funnelQuerySchema,
  response: funnelReportSchema,
});

export const funnelTables = ['steps', 'groups', 'cohorts', 'offers'] as const;
export type FunnelTable = (typeof funnelTables)[number];

export const funnelCsv = defineRoute({
  method: 'get',
  path: '/api/console/marketing/funnel.csv',
  service: 'marketing',
  auth: 'staff',
  staffRoles: ['marketing'],
  summary:
    "One of the funnel page's tables (steps, groups, cohorts or offers) as CSV, with the same small-cell suppression.",
  query: z
    .object({
      ...dateRange,
      groupBy: z.enum(funnelGroupings, { error: `Group by ${funnelGroupings.join(', ')}.` }),
      table: z.enum(funnelTables, { error: marketingMessages.unknownTable }),
    })
    .superRefine(checkRange),
  response: z.unknown(),
  responseContentType: 'text/csv',
});

/**
 * Live conversions (issue 28, point 3): a socket.io server of marketing's own on this path
 * (websocket only), fed from the bus. A marketing or admin session's token opens it; on connect
 * it sends the day's recent conversions, then each new one as it is counted, with the day's
 * running totals. Nothing about a person beyond step, campaign, offer, amount and time.
 */
export const liveConversionsSocketPath = '/marketing/socket.io';

export const liveConversionEvents = {
  /** Server to client, once on connect: `LiveSnapshot`. */
  snapshot: 'snapshot',
  /** Server to client, per counted event: `LiveConversion`. */
  conversion: 'conversion',
  /** Server to client, after each conversion: `LiveToday`. */
  today: 'today',
} as const;

export const liveMessages = {
  notSignedIn: 'Please log in again to follow live conversions.',
  notMarketing: 'Live conversions are for marketing staff.',
} as const;

export const liveConversionSchema = z.object({
  /** The counted event's id: a client that reconnects keeps each once. */
  id: z.string(),
  step: z.enum(funnelSteps),
  /** The person's first campaign ('' when their lead carried none). */
  campaign: z.string(),
  source: z.string(),
  offer: z.string(),
  amountCents: z.number().int(),
  at: z.iso.datetime(),
});
export type LiveConversion = z.infer<typeof liveConversionSchema>;

/** Today's (Pacific) running totals: people per step under the small-cell rule, and money. */
export const liveTodaySchema = z.object({
  day: z.iso.date(),
  steps: z.array(z.object({ step: z.enum(funnelSteps), people: peopleFigureSchema })),
  grossCents: centsFigureSchema,
  refundsCents: centsFigureSchema,
});
export type LiveToday = z.infer<typeof liveTodaySchema>;

export const liveSnapshotSchema = z.object({
  /** Today's conversions so far, newest first (at most LIVE_RECENT_MAX). */
  conversions: z.array(liveConversionSchema),
  today: liveTodaySchema,
});
export type LiveSnapshot = z.infer<typeof liveSnapshotSchema>;
