/**
 * The affiliate conversion id (spec 001 section 3, "Conversion record"): a landing link may carry
 * `c_id`; it is kept in session storage for the rest of the visit and sent with the payment.
 * `captureConversionId()` runs on every page load (main.tsx) and on the checkout page.
 */
import { sharingOptedOut } from '../tracking/sharingOptOut';
import { browserKeys } from '../session/browserStorage';

export const CONVERSION_ID_KEY = browserKeys.conversionId;
/** checkoutRequestSchema's limit for c_id. */
const maxLength = 128;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Stores the `c_id` query parameter of `search` when present; returns the id now kept. */
export function captureConversionId(
  search: string = typeof location === 'undefined' ? '' : location.search,
): string | null {
  try {
    const value = new URLSearchParams(search).get('c_id')?.trim();
    if (value && value.length <= maxLength && !sharingOptedOut())
      storage()?.setItem(CONVERSION_ID_KEY, value);
  } catch {
    // storage denied: the payment goes without a conversion id
  }
  return readConversionId();
}

export function readConversionId(): string | null {
  // An opted-out browser (Global Privacy Control, or a "do not sell or share" request made here)
  // sends no referral id, so no affiliate report is made (Privacy Policy, section 4).
  if (sharingOptedOut()) return null;
  try {
    const value = storage()?.getItem(CONVERSION_ID_KEY);
    return value ? value : null;
  } catch {
    return null;
  }
}
