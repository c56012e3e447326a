import { logout } from '@clinic/contracts';
import { callApi } from '../api/client';
import { clearSession } from './session';

/**
 * Log Out, for the patient header and the staff console alike (spec 000 section 7):
 * GET /api/logout, then the stored session is removed whether or not the server answered, then a
 * full load of /login (spec 002: logout removes the stored key and reloads). A client-side
 * navigate would lose the race with RequireAuth, which sends a guest on a login-required page to
 * /login?page_ref=<that page>, leaving the next person the previous user's page.
 */
/**
 * What the browser keeps of a patient's health answers (the medical form's saved progress and
 * loader state): removed at Log Out, so the next person on a shared phone finds none of it.
 */
export const healthDraftPrefix = 'clinic.medicalForm.';

export function clearHealthDrafts(storage: Storage = window.localStorage): void {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key?.startsWith(healthDraftPrefix)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}

export async function logOut(): Promise<void> {
  try {
    await callApi(logout);
  } catch {
    // the session is dropped either way
  } finally {
    clearSession();
    clearHealthDrafts();
    window.location.replace('/login');
  }
}
