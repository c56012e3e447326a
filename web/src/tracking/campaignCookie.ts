/**
 * Campaign tracking (spec 000 section 3, "Tracking data"; section 9: a 30-day cookie). A visit
 * that arrives with at least one campaign parameter is remembered, so the lead submitted later
 * (maybe days later, maybe from another page) is credited to that campaign. A visit without one
 * leaves the cookie alone: an organic return must not erase the campaign that brought the visitor.
 * Reading the cookie back (storedCampaign.ts) goes through the contract's schema, which only the
 * quiz's submission and the visit report load: the app's start writes without it.
 */
import { campaignParameterNames, type TrackingData } from '@clinic/contracts';
import { trackingCookie } from '../session/browserStorage';

export const TRACKING_COOKIE = trackingCookie;
export const TRACKING_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** The schema's maximum lengths, so a long ad URL cannot get the lead rejected by the server. */
// The offers are not the campaign's: the quiz adds them when it sends the lead.
const maxLength: Record<Exclude<keyof TrackingData, 'sema_offer' | 'tir_offer'>, number> = {
  utm_source: 256,
  utm_medium: 256,
  utm_campaign: 256,
  utm_term: 256,
  utm_content: 256,
  gclid: 512,
  fbclid: 512,
  landing_page: 2048,
  referrer: 2048,
  timestamp: 64,
};

/** Browsers drop cookies over ~4 KB; above this the page addresses are shortened further. */
const cookieBudget = 3800;

export interface VisitInfo {
  /** The full address of the page (location.href). */
  href: string;
  /** document.referrer */
  referrer: string;
  now: Date;
}

/** What a visit's URL says about its campaign, or null without a campaign parameter. */
export function trackingFromVisit({ href, referrer, now }: VisitInfo): TrackingData | null {
  const params = new URL(href).searchParams;
  const data: TrackingData = {};
  for (const name of campaignParameterNames) {
    const value = params.get(name);
    if (value !== null && value !== '') data[name] = value.slice(0, maxLength[name]);
  }
  if (Object.keys(data).length === 0) return null;
  data.landing_page = href.slice(0, maxLength.landing_page);
  data.referrer = referrer.slice(0, maxLength.referrer);
  data.timestamp = now.toISOString();
  return data;
}

function encode(data: TrackingData): string {
  return encodeURIComponent(JSON.stringify(data));
}

/** Stores the visit's campaign in the cookie; returns what was stored (null: nothing). */
export function captureCampaign(visit: VisitInfo): TrackingData | null {
  const data = trackingFromVisit(visit);
  if (!data) return null;
  let value = encode(data);
  if (value.length > cookieBudget) {
    data.landing_page = data.landing_page?.slice(0, 512);
    data.referrer = data.referrer?.slice(0, 512);
    value = encode(data);
  }
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${TRACKING_COOKIE}=${value}; path=/; max-age=${TRACKING_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
  return data;
}
