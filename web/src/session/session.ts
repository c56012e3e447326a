/**
 * The login session, kept in localStorage under one key as JSON `{ token, user }`.
 * Components read it through `useSession()` so that logging in or out (in this tab or another)
 * re-renders what depends on it.
 */
import type { CartSessionUser, SessionUser as AccountUser } from '@clinic/contracts';
import { useSyncExternalStore } from 'react';
import { browserKeys } from './browserStorage';

export const SESSION_KEY = browserKeys.session;

/**
 * The user of a session, as the contracts define it: the login's user (spec 000 section 3,
 * "User (in session)") or the user of a checkout link's session, which is scoped to its cart.
 */
export type SessionUser = AccountUser | CartSessionUser;

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

/** Parsed value cached by raw string, so repeated reads return the same object. */
let cache: { raw: string | null; session: Session | null } = { raw: null, session: null };

/**
 * The contract's reading of a stored user (sessionUser.ts: zod and the identity schemas), loaded
 * on demand so that a visitor who is not logged in never downloads or builds those schemas. The
 * app loads it before its first render whenever a session is stored (main.tsx); until it is
 * there a stored session reads as none, and its arrival tells the subscribers to read again.
 */
let readUser: ((user: unknown) => SessionUser | null) | null = null;
let contract: Promise<void> | null = null;

/** Loads the reading of a stored user (once); stored sessions then read as sessions. */
export function loadSessionContract(): Promise<void> {
  contract ??= import('./sessionUser').then(({ readSessionUser }) => {
    readUser = readSessionUser;
    cache = { raw: null, session: null };
    notify();
  });
  return contract;
}

type Listener = () => void;
const listeners = new Set<Listener>();

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
    if (!readUser) {
      void loadSessionContract();
      return null;
    }
    // A stored user the contract does not know (an older build wrote it) is no session.
    const known = readUser(user);
    return known ? { token, user: known } : null;
  } catch {
    return null;
  }
}

function storedRaw(): string | null {
  try {
    return storage()?.getItem(SESSION_KEY) ?? null;
  } catch {
    return null;
  }
}

/** Whether a session is stored (read or not): the app then loads its contract before starting. */
export function hasStoredSession(): boolean {
  return storedRaw() !== null;
}

/** The stored session, or null when nobody is logged in (or the stored value is unreadable). */
export function getSession(): Session | null {
  const raw = storedRaw();
  if (raw !== cache.raw) cache = { raw, session: parse(raw) };
  return cache.session;
}

/**
 * Writes a session the server has just answered with (its schema has read it already) without
 * telling the subscribers yet: startSession.ts commits the next page first. It reads as a session
 * at once, with or without the stored-session contract.
 */
export function storeSession(session: Session): void {
  const raw = JSON.stringify(session);
  try {
    storage()?.setItem(SESSION_KEY, raw);
  } finally {
    cache = { raw, session };
  }
}

/** Keeps a session the server has just answered with, and tells the subscribers. */
export function setSession(session: Session): void {
  try {
    storeSession(session);
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
