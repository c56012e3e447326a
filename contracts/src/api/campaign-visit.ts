import { z } from 'zod';
import { trackingDataSchema } from './intake';
import { defineRoute } from './route';

/** A browser's random tracking session id: a uuid, or 32 hex digits outside a secure context. */
export const visitIdSchema = z
  .string()
  .regex(/^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i, 'Not a visit id.');

// Its own module so the web's first load (which holds intake.ts for the quiz) leaves it to the
// chunk that reports a visit.
/**
 * A visit that arrived with campaign parameters (issue 28's first funnel step): the browser
 * reports it with the campaign it stored and its tab's random tracking session id. Nothing about
 * the visitor is sent.
 */
export const campaignVisit = defineRoute({
  method: 'post',
  path: '/api/campaign-visit',
  service: 'intake',
  auth: 'public',
  summary:
    "Counts a visit that arrived with campaign parameters (utm_*, gclid, fbclid, the offers): the funnel's first step. No account, no personal details.",
  body: z.object({
    /** The tab's tracking session id (the one its lead carries): a visitor counts once. */
    visitId: visitIdSchema,
    tracking: trackingDataSchema,
  }),
  response: z.object({ status: z.literal('success') }),
});
