/**
 * The login session, kept in localStorage under one key as JSON `{ token, user }`.
 * Components read it through `useSession()` so that logging in or out (in this tab or another)
 * re-renders what depends on it.
 */
import {
  cartSessionUserSchema,
  sessionUserSchema,
  type CartSessionUser,
  type SessionUser as AccountUser,
} from '@clinic/contracts';
import { useSyncExternalStore } from 'react';
import { browserKeys } from './browserStorage';

export const SESSION_KEY = browserKeys.session;

/**
 * The user of a session, as the contracts define it: the login's user (spec 000 section 3,
 * "User (in session)") or the user of a checkout link's session, which is scoped to its cart.
 */
export type SessionUser = AccountUser | CartSessionUser;
const sessionUser = sessionUserSchema.or(cartSessionUserSchema);

export interface Session {
  token: string;
  user: SessionUser;
}

/**
 * A session opened from a checkout link: it pays that cart and finishes that order's steps
 * (upsell, verification, the medical form), never the portal, which asks for a real login.
 */
export function isCartSession(session: Session | null): boolean {
  return session !== null && 'session_scope' in session.user;
}

/** The user of a login (with contact details), or null for a checkout link's user or nobody. */
export function accountUserOf(user: SessionUser | null | undefined): AccountUser | null {
  return user && !('session_scope' in user) ? user : null;
}

type Listener = () => void;
const listeners = new Set<Listener>();

/** Parsed value cached by raw string, so repeated reads return the same object. */
let cache: { raw: string | null; session: Session | null } = { raw: null, session: null };

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // access denied (privacy settings)
  }
}

function parse(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { token, user } = value as Record<string, unknown>;
    if (typeof token !== 'string' || token === '') return null;
    // A stored user the contract does not know (an older build wrote it) is no session.
    const parsed = sessionUser.safeParse(user);
    return parsed.success ? { token, user: parsed.data } : null;
  } catch {
    return null;
  }
}

/** The stored session, or null when nobody is logged in (or the stored value is unreadable). */
export function getSession(): Session | null {
  let raw: string | null = null;
  try {
    raw = storage()?.getItem(SESSION_KEY) ?? null;
  } catch {
    raw = null;
  }
  if (raw !== cache.raw) cache = { raw, session: parse(raw) };
  return cache.session;
}

export function setSession(session: Session): void {
  try {
    storage()?.setItem(SESSION_KEY, JSON.stringify(session));
  } finally {
    notify();
  }
}

export function clearSession(): void {
  try {
    storage()?.removeItem(SESSION_KEY);
  } finally {
    notify();
  }
}

function notify(): void {
  for (const listener of [...listeners]) listener();
}

/** Subscribes to session changes in this tab and in other tabs (the `storage` event). */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === SESSION_KEY) listener();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}

/** The current session, kept up to date. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}
