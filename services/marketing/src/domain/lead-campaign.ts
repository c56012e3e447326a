import type { OfferVariant, TrackingData } from '@clinic/contracts';
import type { LeadCampaign } from './funnel-steps';

/**
 * What the funnel keeps of a lead's tracking: the campaign's names, whether a Google or Meta
 * click id came with it (never the id itself) and the landing page without its query string
 * (which can carry an email or a click id), with the lead's state.
 */
export function leadCampaign(tracking: TrackingData | null, state: string): LeadCampaign {
  return {
    source: tracking?.utm_source ?? '',
    medium: tracking?.utm_medium ?? '',
    campaign: tracking?.utm_campaign ?? '',
    content: tracking?.utm_content ?? '',
    term: tracking?.utm_term ?? '',
    hasGclid: Boolean(tracking?.gclid),
    hasFbclid: Boolean(tracking?.fbclid),
    landingPage: pathOf(tracking?.landing_page),
    state,
  };
}

function pathOf(url: string | undefined): string {
  if (!url) return '';
  try {
    return new URL(url, 'https://landing.invalid').pathname;
  } catch {
    return '';
  }
}

/**
 * The offer test a lead is in: the variant its link set for either drug (an ad carries one), the
 * default when it set none, and unknown ('') for a lead whose tracking predates the offers.
 */
export function leadOffer(tracking: TrackingData | null): OfferVariant | '' {
  if (!tracking?.sema_offer && !tracking?.tir_offer) return '';
  if (tracking.sema_offer && tracking.sema_offer !== 'default') return tracking.sema_offer;
  return tracking.tir_offer ?? 'default';
}
