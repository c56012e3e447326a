/**
 * Run once when the app loads: the landing URL's campaign and offer parameters are read before
 * the router can redirect (an unknown path goes to /, which would drop the query string).
 */
import { captureOffers } from './activeOffers';
import { captureCampaign } from './campaignCookie';

export function captureLanding(): void {
  try {
    captureCampaign({ href: location.href, referrer: document.referrer, now: new Date() });
    captureOffers(location.search);
  } catch (error) {
    // Tracking must never keep a visitor from the quiz.
    console.warn('Campaign capture failed.', error);
  }
}
