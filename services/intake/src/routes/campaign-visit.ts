/**
 * POST /api/campaign-visit: a browser that landed with campaign parameters reports the visit, and
 * intake publishes it (campaign-visited) for marketing's funnel under the tab's random tracking
 * session id, tied to no person (a reload is the same visitor). Anyone may call it, so one address is held to a visitor's pace: beyond it the visits
 * are a script's and are refused (429) rather than counted.
 */
import type { Router } from 'express';
import { campaignVisit, campaignVisited } from '@clinic/contracts';
import { HttpError, bindRoute, type ServiceRuntime } from '@clinic/kit';

/** Campaign landings one address may report in an hour. */
export const defaultVisitsPerAddressHour = 60;

export function campaignVisitRoute(
  router: Router,
  runtime: ServiceRuntime,
  visitsPerAddressHour = defaultVisitsPerAddressHour,
): void {
  const window = { limit: visitsPerAddressHour, windowMs: 60 * 60 * 1000 };
  bindRoute(router, campaignVisit, async ({ body, req, res }) => {
    const rate = await runtime.engines.rateLimiter.hit(
      `campaign-visit:ip:${req.ip ?? 'unknown'}`,
      window,
    );
    if (!rate.allowed) {
      res.setHeader('Retry-After', String(Math.ceil(rate.retryAfterMs / 1000)));
      throw new HttpError(429, 'Too many visits from this address. Please try again later.');
    }
    await runtime.transaction((_tx, events) =>
      events.publish(campaignVisited, { visitId: body.visitId, tracking: body.tracking }),
    );
    return { status: 'success' as const };
  });
}
