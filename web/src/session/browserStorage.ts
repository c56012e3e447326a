/**
 * Everything the web app keeps in this browser, by name, and whose it is: the one registry every
 * store takes its key from, and Log Out reads.
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
 * It imports nothing: every page's header (Log Out) loads it. A key not named here fails
 * browserStorage.test.ts.
 */
export const browserKeys = {
  session: 'clinic.session',
  intake: 'clinic.intake',
  cart: 'clinic.cart',
  offers: 'clinic.offers',
  preauths: 'clinic.preauths',
  conversionId: 'clinic.c_id',
  trackingSession: 'clinic.tracking_session_id',
  chatProfile: 'clinic.chat-profile',
  products: 'clinic.products',
  sharingOptOut: 'clinic.privacy.opt_out',
} as const;

/** The medical form's saved answers (one key per form, with backups) and its loader state. */
export const medicalFormKeyPrefix = 'clinic.medicalForm.';

/** The campaign of the link that brought the visitor (tracking/campaignCookie.ts). */
export const trackingCookie = 'clinic_tracking';

type BrowserKey = keyof typeof browserKeys;

/** What stays at Log Out, and why: see the top of this file. */
export const deviceKeys: readonly BrowserKey[] = ['products', 'sharingOptOut'];

/** The patient's keys, in localStorage or sessionStorage (each is removed from both). */
export const patientKeys: readonly string[] = (Object.keys(browserKeys) as BrowserKey[])
  .filter((name) => !deviceKeys.includes(name))
  .map((name) => browserKeys[name]);

function isPatientKey(key: string): boolean {
  return patientKeys.includes(key) || key.startsWith(medicalFormKeyPrefix);
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
  document.cookie = `${trackingCookie}=; path=/; max-age=0; SameSite=Lax`;
}
