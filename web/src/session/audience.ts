/**
 * Which part of the app a session belongs to. Staff work in the console at /console and never
 * land in the patient portal; patients never open the console (BRIEF section 4). The server
 * refuses the console's calls to patients anyway: this only keeps people on their own pages.
 */
import { staffRoles } from '@clinic/contracts';
import type { Session } from './session';

export type Audience = 'patient' | 'staff';

/** Staff by the role the login answered; a session without a role (stored before roles) is a patient's. */
export function audienceOf(session: Session): Audience {
  const { role } = session.user;
  return typeof role === 'string' && (staffRoles as readonly string[]).includes(role)
    ? 'staff'
    : 'patient';
}

export const CONSOLE_PATH = '/console';

/** Where a session starts: the staff console, or the patient portal. */
export function homeOf(session: Session): string {
  return audienceOf(session) === 'staff' ? CONSOLE_PATH : '/home';
}

/** Whether an in-app path (with its query string and hash) is the console or a page inside it. */
export function isConsolePath(path: string): boolean {
  return /^\/console(?:[/?#]|$)/.test(path);
}

/**
 * Where a fresh login goes: the page that asked for it (`page_ref`, already checked to be a path
 * of this app) when it belongs to the session's part of the app, else the session's start.
 */
export function landingAfterLogin(session: Session, pageRef: string | null): string {
  const staff = audienceOf(session) === 'staff';
  if (pageRef !== null && isConsolePath(pageRef) === staff) return pageRef;
  return homeOf(session);
}
