/**
 * Everything the web app keeps in this browser, and whose it is: the one registry Log Out reads.
 *
 * A patient's (or visitor's) keys hold their answers and their way through the product: the
 * login, the quiz draft (name, email, phone, date of birth, weight), the medical form's progress,
 * the cart, the offers and the campaign of the link they came by, the payment's preauths, the
 * affiliate's `c_id`, the visit's tracking id, a visitor's chat profile. On a shared phone the
 * next person must find none of it, so Log Out removes them all, from both storages.
 *
 * The device's keys stay: the product list is the same for everyone, and the "do not sell or
 * share" choice protects whoever uses this browser next (clearing it would opt them in).
 *
 * A new key the app writes belongs here (browserStorage.test.ts fails on one it does not know).
 */
import { PRODUCTS_KEY } from '../catalog/productCache';
import { CART_KEY } from '../cart/cartStore';
import { CHAT_PROFILE_KEY } from '../chat/chatProfile';
import { CONVERSION_ID_KEY } from '../checkout/conversionId';
import { PREAUTHS_KEY } from '../checkout/preauths';
import { INTAKE_KEY } from '../intake/intakeStore';
import { SHARING_OPT_OUT_KEY } from '../legal/sharingOptOut';
import { OFFERS_KEY } from '../tracking/activeOffers';
import { TRACKING_COOKIE } from '../tracking/campaignCookie';
import { TRACKING_SESSION_KEY } from '../tracking/trackingSession';
import { SESSION_KEY } from './session';

/** The patient's keys, in localStorage or sessionStorage (each is removed from both). */
export const patientKeys: readonly string[] = [
  SESSION_KEY,
  INTAKE_KEY,
  CART_KEY,
  OFFERS_KEY,
  PREAUTHS_KEY,
  CONVERSION_ID_KEY,
  TRACKING_SESSION_KEY,
  CHAT_PROFILE_KEY,
];

/** Keys by prefix: the medical form's saved answers (one per form, with backups) and loader state. */
export const patientKeyPrefixes: readonly string[] = ['clinic.medicalForm.'];

/** The patient's cookies. */
export const patientCookies: readonly string[] = [TRACKING_COOKIE];

/** What stays at Log Out, and why: see the top of this file. */
export const deviceKeys: readonly string[] = [PRODUCTS_KEY, SHARING_OPT_OUT_KEY];

function isPatientKey(key: string): boolean {
  return patientKeys.includes(key) || patientKeyPrefixes.some((prefix) => key.startsWith(prefix));
}

function clearStorage(area: () => Storage): void {
  try {
    const storage = area();
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i);
      if (key !== null && isPatientKey(key)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // storage denied (privacy settings): nothing was kept there
  }
}

/** Removes everything this browser kept about the patient (Log Out). */
export function forgetPatient(): void {
  clearStorage(() => window.localStorage);
  clearStorage(() => window.sessionStorage);
  for (const name of patientCookies) document.cookie = `${name}=; path=/; max-age=0; SameSite=Lax`;
}
