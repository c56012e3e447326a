import type { NavigateFunction } from 'react-router-dom';
import { setSession, storeSession, type Session } from '../session/session';

/**
 * Stores a fresh login and opens `target`, without losing the race with `GuestOnly`.
 *
 * /login sits inside `GuestOnly`, which redirects to /home as soon as it sees a session. Calling
 * `setSession` first would re-render it (a synchronous store update) before the router's
 * navigation commits, and its redirect would replace `target` with /home, ignoring page_ref.
 * So the session is written to storage without notifying anyone (`getSession` reads storage, so
 * the target's `RequireAuth` already finds it), the navigation is committed synchronously
 * (`flushSync`, which unmounts /login and `GuestOnly`), and only then are the subscribers (the
 * header's Log Out) told through `setSession`.
 */
export async function startSession(
  session: Session,
  target: string,
  navigate: NavigateFunction,
): Promise<void> {
  try {
    storeSession(session);
  } catch {
    // storage refused: setSession below fails the same way; nothing more can be done here
  }
  try {
    await navigate(target, { replace: true, flushSync: true });
  } finally {
    setSession(session);
  }
}
