/**
 * Run once when the app loads: the landing URL's campaign and offer parameters are read before
 * the router can redirect (an unknown path goes to /, which would drop the query string). A
 * landing with a campaign is reported to the funnel by a module loaded only then.
 */
import { captureOffers } from './activeOffers';
import { captureCampaign } from './campaignCookie';

export function captureLanding(): void {
  try {
    const campaign = captureCampaign({
      href: location.href,
      referrer: document.referrer,
      now: new Date(),
    });
    captureOffers(location.search);
    if (campaign) void import('./reportVisit').then((visit) => visit.reportVisit());
  } catch (error) {
    // Tracking must never keep a visitor from the quiz.
    console.warn('Campaign capture failed.', error);
  }
}
