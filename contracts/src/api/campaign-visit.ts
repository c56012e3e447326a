import { z } from 'zod';
import { trackingDataSchema } from './intake';
import { defineRoute } from './route';

// Its own module so the web's first load (which holds intake.ts for the quiz) leaves it to the
// chunk that reports a visit.
/**
 * A visit that arrived with campaign parameters (issue 28's first funnel step): the browser
 * reports it once per session with the campaign it stored. Nothing about the visitor is sent.
 */
export const campaignVisit = defineRoute({
  method: 'post',
  path: '/api/campaign-visit',
  service: 'intake',
  auth: 'public',
  summary:
    "Counts a visit that arrived with campaign parameters (utm_*, gclid, fbclid, the offers): the funnel's first step. No account, no personal details.",
  body: z.object({ tracking: trackingDataSchema }),
  response: z.object({ status: z.literal('success') }),
});
