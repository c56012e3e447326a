/**
 * Whether this browser has opted out of the sale or sharing of personal information: it sends
 * the Global Privacy Control signal, or its user sent a "do not sell or share" request from the
 * CCPA Opt-Out page here. The one disclosure it stops is the affiliate referral report (the
 * checkout then sends no `c_id`); the Privacy Policy describes it.
 */
import { browserKeys } from '../session/browserStorage';
export const SHARING_OPT_OUT_KEY = browserKeys.sharingOptOut;

/** `navigator.globalPrivacyControl` (https://privacycg.github.io/gpc-spec/). */
export function globalPrivacyControl(): boolean {
  if (typeof navigator === 'undefined') return false;
  return (
    (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true
  );
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function sharingOptedOut(): boolean {
  if (globalPrivacyControl()) return true;
  try {
    return storage()?.getItem(SHARING_OPT_OUT_KEY) === '1';
  } catch {
    return false;
  }
}

/** Remembers the opt-out on this device, for as long as its storage is kept. */
export function optOutOfSharingHere(): void {
  try {
    storage()?.setItem(SHARING_OPT_OUT_KEY, '1');
  } catch {
    // storage denied: the request on file still covers the person
  }
}
