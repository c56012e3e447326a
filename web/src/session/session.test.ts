import { SESSION_KEY, clearSession, getSession, setSession, subscribeSession } from './session';

beforeEach(() => localStorage.clear());

describe('session storage', () => {
  it('is empty when nothing is stored', () => {
    expect(getSession()).toBeNull();
  });

  it('stores {token, user} as JSON under one key and reads it back', () => {
    setSession({ token: 'abc', user: { id: 3, email: 'pat@example.com' } });

    expect(JSON.parse(localStorage.getItem(SESSION_KEY)!)).toEqual({
      token: 'abc',
      user: { id: 3, email: 'pat@example.com' },
    });
    expect(getSession()).toEqual({ token: 'abc', user: { id: 3, email: 'pat@example.com' } });
  });

  it('returns the same object while the stored value is unchanged', () => {
    setSession({ token: 'abc', user: { id: 3 } });
    expect(getSession()).toBe(getSession());
  });

  it('clears the session', () => {
    setSession({ token: 'abc', user: { id: 3 } });
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

  it('notifies subscribers on set and clear', () => {
    const listener = jest.fn();
    const unsubscribe = subscribeSession(listener);
    setSession({ token: 'abc', user: { id: 3 } });
    clearSession();
    unsubscribe();
    setSession({ token: 'def', user: { id: 4 } });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
