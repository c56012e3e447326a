import { act } from 'react';
import { installFetchMock, jsonResponse, type FetchMock } from '../test-utils/fetchMock';
import type { Rendered } from '../test-utils/render';
import { getSession, setSession } from '../session/session';
import { PasswordResetPage, RESET_REDIRECT_MS } from './PasswordResetPage';
import {
  alertText,
  button,
  input,
  link,
  renderRoutes,
  Stub,
  submit,
  type,
  where,
} from './testing/kit';
import { testSession } from '../test-utils/session';

const routes = [
  { path: '/password-reset/:token', element: <PasswordResetPage /> },
  { path: '/login', element: <Stub name="login" /> },
];

let fetchMock: FetchMock;
let view: Rendered | undefined;

beforeEach(() => {
  fetchMock = installFetchMock();
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  jest.useRealTimers();
});

async function fill(password: string, confirm: string) {
  view = await renderRoutes(routes, '/password-reset/abc123');
  await type(input(view, 'New password'), password);
  await type(input(view, 'Confirm new password'), confirm);
  return view;
}

describe('PasswordResetPage', () => {
  it('says the passwords do not match and disables submit', async () => {
    view = await fill('Secret-123', 'Secret-124');
    expect(alertText(view)).toBe('Passwords do not match!');
    expect(button(view, 'Save Password').disabled).toBe(true);

    await type(input(view, 'Confirm new password'), 'Secret-123');
    expect(alertText(view)).toBeUndefined();
    expect(button(view, 'Save Password').disabled).toBe(false);
  });

  it('sends password and token, forgets the ended session, shows the success text, then goes to /login', async () => {
    jest.useFakeTimers();
    setSession(testSession({ token: 'old-session', id: 7, email: 'pat@example.com' }));
    fetchMock.mockResolvedValue(jsonResponse(200, { status: 'success', message: 'ok' }));
    view = await fill('Secret-123', 'Secret-123');
    await submit(view);
    expect(getSession()).toBeNull();

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/password-reset');
    expect(JSON.parse(String(init?.body))).toEqual({ password: 'Secret-123', token: 'abc123' });
    expect(view.container.querySelector('[role="status"]')?.textContent).toContain(
      'Password changed successfully.',
    );
    expect(link(view, 'Go to login now')?.getAttribute('href')).toBe('/login');
    expect(where(view)).toBe('/password-reset/abc123');

    await act(async () => {
      jest.advanceTimersByTime(RESET_REDIRECT_MS);
    });
    expect(where(view)).toBe('/login');
  });

  it('shows "Link expired!" when the token is refused', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { status: 'error', message: 'Link expired!' }));
    view = await fill('Secret-123', 'Secret-123');
    await submit(view);
    expect(alertText(view)).toBe('Link expired!');
  });

  it('shows "Link expired!" for another HTTP failure without a usable message', async () => {
    fetchMock.mockResolvedValue(jsonResponse(500, undefined));
    view = await fill('Secret-123', 'Secret-123');
    await submit(view);
    expect(alertText(view)).toBe('Link expired!');
  });

  it('explains the minimum length and does not send a short password', async () => {
    view = await fill('short', 'short');
    expect(view.container.textContent).toContain('Use at least 8 characters.');
    expect(input(view, 'New password').autocomplete).toBe('new-password');
    expect(input(view, 'Confirm new password').autocomplete).toBe('new-password');
    await submit(view);
    expect(alertText(view)).toBe('Password must be at least 8 characters');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is titled for both reset and first-time set, with a link to /login', async () => {
    view = await renderRoutes(routes, '/password-reset/abc123');
    expect(view.container.querySelector('h1')?.textContent).toBe('Set a new password');
    expect(link(view, 'Back to login')?.getAttribute('href')).toBe('/login');
  });
});
