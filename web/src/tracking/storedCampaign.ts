/**
 * The campaign the tracking cookie holds (campaignCookie.ts writes it), read through the
 * contract's schema: a cookie edited by hand or written by an older build is no campaign. Apart
 * from the writing so that the app's start, which only writes, builds no schema.
 */
import { trackingDataSchema, type TrackingData } from '@clinic/contracts';
import { TRACKING_COOKIE } from './campaignCookie';

/** The stored campaign, or undefined when there is none (or it cannot be read). */
export function readTracking(): TrackingData | undefined {
  const prefix = `${TRACKING_COOKIE}=`;
  const raw = document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix));
  if (!raw) return undefined;
  try {
    const parsed = trackingDataSchema.safeParse(
      JSON.parse(decodeURIComponent(raw.slice(prefix.length))),
    );
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
