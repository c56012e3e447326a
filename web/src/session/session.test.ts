import {
  SESSION_KEY,
  clearSession,
  getSession,
  isCartSession,
  setSession,
  subscribeSession,
} from './session';
import type * as SessionModule from './session';
import { cartLinkSession, testSession } from '../test-utils/session';

beforeEach(() => localStorage.clear());

describe('session storage', () => {
  it('is empty when nothing is stored', () => {
    expect(getSession()).toBeNull();
  });

  it('stores {token, user} as JSON under one key and reads it back', () => {
    const session = testSession({ token: 'abc', id: 3, email: 'pat@example.com' });
    setSession(session);

    expect(JSON.parse(localStorage.getItem(SESSION_KEY)!)).toEqual(session);
    expect(getSession()).toEqual(session);
  });

  it('returns the same object while the stored value is unchanged', () => {
    setSession(testSession({ token: 'abc', id: 3 }));
    expect(getSession()).toBe(getSession());
  });

  it('clears the session', () => {
    setSession(testSession({ token: 'abc', id: 3 }));
    clearSession();
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('treats malformed stored values as no session', () => {
    localStorage.setItem(SESSION_KEY, 'not json');
    expect(getSession()).toBeNull();
    localStorage.setItem(SESSION_KEY, JSON.stringify({ user: { id: 1 } }));
    expect(getSession()).toBeNull();
    localStorage.setItem(SESSION_KEY, JSON.stringify({ token: '', user: { id: 1 } }));
    expect(getSession()).toBeNull();
  });

  it('reads the stored user through the contract: a user it does not know is no session', () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'abc', user: { id: 1 } }));
    expect(getSession()).toBeNull();
    const user = { ...testSession().user, id: '7' };
    localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'abc', user }));
    expect(getSession()).toBeNull();
  });

  it("reads a checkout link's session, scoped to its cart", () => {
    const link = cartLinkSession({ token: 'link', id: 42 });
    localStorage.setItem(SESSION_KEY, JSON.stringify(link));
    expect(getSession()).toEqual(link);
    expect(isCartSession(getSession())).toBe(true);
    setSession(testSession());
    expect(isCartSession(getSession())).toBe(false);
  });

  it('notifies subscribers on set and clear', () => {
    const listener = jest.fn();
    const unsubscribe = subscribeSession(listener);
    setSession(testSession({ token: 'abc', id: 3 }));
    clearSession();
    unsubscribe();
    setSession(testSession({ token: 'def', id: 4 }));
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

/**
 * The session module in a registry of its own: the test setup has loaded the stored-session
 * contract in the shared one, as the app does before its first render when a session is stored
 * (main.tsx).
 */
function freshSessionModule(): typeof SessionModule {
  let fresh: typeof SessionModule | undefined;
  jest.isolateModules(() => {
    fresh = jest.requireActual<typeof SessionModule>('./session');
  });
  return fresh!;
}

describe('reading a stored session through its contract, loaded on demand', () => {
  it('reads nobody, and loads nothing, when no session is stored', () => {
    const fresh = freshSessionModule();
    expect(fresh.hasStoredSession()).toBe(false);
    expect(fresh.getSession()).toBeNull();
  });

  it('reads a stored session once the contract is there, and tells the subscribers', async () => {
    const session = testSession({ token: 'stored', id: 9 });
    localStorage.setItem(SESSION_KEY, JSON.stringify(session));
    const fresh = freshSessionModule();
    const listener = jest.fn();
    fresh.subscribeSession(listener);

    expect(fresh.hasStoredSession()).toBe(true);
    expect(fresh.getSession()).toBeNull(); // not read without the contract
    await fresh.loadSessionContract();

    expect(listener).toHaveBeenCalled();
    expect(fresh.getSession()).toEqual(session);
  });

  it('keeps a session the server has just answered with, without the contract', () => {
    const fresh = freshSessionModule();
    const session = testSession({ token: 'new', id: 5 });
    fresh.setSession(session);
    expect(fresh.getSession()).toBe(session);
  });
});

describe('a login stored before the next page commits', () => {
  it('reads as the session at once, before the stored-session contract has loaded, and tells no one', () => {
    const fresh = freshSessionModule();
    const listener = jest.fn();
    fresh.subscribeSession(listener);
    const session = testSession({ token: 'login', id: 12 });
    fresh.storeSession(session);
    expect(fresh.getSession()).toBe(session);
    expect(JSON.parse(localStorage.getItem(SESSION_KEY)!)).toEqual(session);
    expect(listener).not.toHaveBeenCalled();
  });
});
