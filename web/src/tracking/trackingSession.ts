/**
 * The tracking session id sent with the lead: one random id per browser session (tab), so the
 * events of one visit can be joined up without identifying the visitor.
 */
import { browserKeys } from '../session/browserStorage';

export const TRACKING_SESSION_KEY = browserKeys.trackingSession;

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  // randomUUID needs a secure context; getRandomValues does not.
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function trackingSessionId(): string {
  try {
    const stored = sessionStorage.getItem(TRACKING_SESSION_KEY);
    if (stored) return stored;
    const id = randomId();
    sessionStorage.setItem(TRACKING_SESSION_KEY, id);
    return id;
  } catch {
    return randomId();
  }
}
