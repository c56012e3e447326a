import { logout } from '@clinic/contracts';
import { callApi } from '../api/client';
import { forgetPatient } from './browserStorage';
import { clearSession } from './session';

/**
 * Log Out, for the patient header and the staff console alike (spec 000 section 7):
 * GET /api/logout (which also closes the chat sockets opened with the session), then everything
 * the browser kept about the patient is removed (browserStorage.ts: the session, the quiz draft,
 * the medical form's answers, cart, offers, preauths, c_id, tracking) whether or not the server
 * answered, then a full load of /login (spec 002: logout removes the stored key and reloads),
 * which also drops what the page held in memory. A client-side navigate would lose the race with
 * RequireAuth, which sends a guest on a login-required page to /login?page_ref=<that page>,
 * leaving the next person the previous user's page. `notice` is a text the login page knows
 * (its `?notice=`), such as why the console signed its person out.
 */
export async function logOut(notice?: string): Promise<void> {
  try {
    await callApi(logout);
  } catch {
    // the session is dropped either way
  } finally {
    clearSession();
    forgetPatient();
    // The page lives on until the browser leaves it, and a store still mounted may write its
    // copy back (the quiz's draft, seen once in an end-to-end run): forget again as it goes.
    window.addEventListener('pagehide', forgetPatient, { once: true });
    window.location.replace(notice ? `/login?notice=${encodeURIComponent(notice)}` : '/login');
  }
}
