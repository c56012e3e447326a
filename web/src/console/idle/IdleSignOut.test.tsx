/**
 * The console's automatic log-off: the warning at 14 idle minutes with its countdown, "Stay
 * signed in" (one real request), the sign-out at 15 minutes, activity here and in another tab of
 * the same browser, and how often the server hears of the person's activity.
 */
import { act } from 'react';
import { setSession } from '../../session/session';
import { installFetchMock, jsonResponse, type FetchMock } from '../../test-utils/fetchMock';
import { render, type Rendered } from '../../test-utils/render';
import { testSession } from '../../test-utils/session';
import { IdleSignOut } from './IdleSignOut';
import { useIdleSignOut, type ActivityChannel, type IdleMessage } from './useIdleSignOut';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** BroadcastChannel as the tabs of one browser share it: a message reaches every other tab. */
class FakeChannel implements ActivityChannel {
  static open: FakeChannel[] = [];
  private readonly listeners = new Set<(event: MessageEvent<IdleMessage>) => void>();
  constructor() {
    FakeChannel.open.push(this);
  }
  postMessage(message: IdleMessage) {
    for (const tab of FakeChannel.open)
      if (tab !== this)
        for (const listener of tab.listeners)
          listener({ data: message } as MessageEvent<IdleMessage>);
  }
  addEventListener(_type: 'message', listener: (event: MessageEvent<IdleMessage>) => void) {
    this.listeners.add(listener);
  }
  removeEventListener(_type: 'message', listener: (event: MessageEvent<IdleMessage>) => void) {
    this.listeners.delete(listener);
  }
  close() {
    FakeChannel.open = FakeChannel.open.filter((tab) => tab !== this);
  }
}
const openChannel = () => new FakeChannel();

let view: Rendered | undefined;
let fetchMock: FetchMock;

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  setSession(testSession({ token: 'staff-token', role: 'support' }));
  fetchMock = installFetchMock();
  fetchMock.mockImplementation(async () => jsonResponse(200, { status: 'success' }));
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  FakeChannel.open = [];
  jest.useRealTimers();
});

const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));
/** Lets the answers of the mocked fetch arrive. */
const answers = () =>
  act(async () => {
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
  });
const dialog = () => document.querySelector<HTMLElement>('[role="alertdialog"]');
const countdown = () => {
  const box = dialog();
  const text = box?.getAttribute('aria-describedby');
  return text ? document.getElementById(text)?.textContent : null;
};
const activityCalls = () =>
  fetchMock.mock.calls.filter(([url]) => String(url) === '/api/console/activity');
const press = (key = 'a') =>
  act(() => {
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  });
/** Another console tab of the same browser. */
const otherTab = () => new FakeChannel();

it('warns at 14:00 of inactivity, not before, with a live countdown', async () => {
  view = await render(<IdleSignOut openChannel={openChannel} />);
  await advance(14 * MINUTE - SECOND);
  expect(dialog()).toBeNull();
  await advance(SECOND);
  expect(dialog()?.querySelector('h2')?.textContent).toBe('Are you still there?');
  expect(countdown()).toBe('You will be signed out in 60 seconds');
  await advance(SECOND);
  expect(countdown()).toBe('You will be signed out in 59 seconds');
  await advance(58 * SECOND);
  expect(countdown()).toBe('You will be signed out in 1 second');
});

it('counts from the last key, pointer, touch or scroll; once the warning shows, only the button keeps the person', async () => {
  view = await render(<IdleSignOut openChannel={openChannel} />);
  await advance(10 * MINUTE);
  press();
  await advance(13 * MINUTE);
  act(() => {
    document.body.dispatchEvent(new Event('scroll'));
  });
  await advance(14 * MINUTE - SECOND);
  expect(dialog()).toBeNull();
  await advance(SECOND);
  expect(dialog()).not.toBeNull();
  act(() => {
    document.body.dispatchEvent(new Event('pointermove', { bubbles: true }));
  });
  await advance(SECOND);
  expect(countdown()).toBe('You will be signed out in 59 seconds');
});

it('"Stay signed in" makes one real request to the server and starts the 15 minutes again', async () => {
  view = await render(<IdleSignOut openChannel={openChannel} />);
  await advance(14 * MINUTE + 20 * SECOND);
  const before = fetchMock.mock.calls.length;
  const stay = [...dialog()!.querySelectorAll('button')].find(
    (b) => b.textContent === 'Stay signed in',
  )!;
  act(() => stay.click());
  await answers();
  const calls = fetchMock.mock.calls.slice(before);
  expect(calls).toHaveLength(1);
  const [url, init] = calls[0]!;
  expect(String(url)).toBe('/api/console/activity');
  expect(init?.method).toBe('POST');
  const headers = new Headers(init?.headers);
  expect(headers.get('authorization')).toBe('Bearer staff-token');
  expect(headers.get('x-clinic-activity')).toBeNull();
  expect(dialog()).toBeNull();
  await advance(14 * MINUTE - SECOND);
  expect(dialog()).toBeNull();
  await advance(SECOND);
  expect(countdown()).toBe('You will be signed out in 60 seconds');
});

it('signs out at 15:00 through Log Out (the session forgotten), and tells the other tabs', async () => {
  const signOut = jest.fn();
  function Tab() {
    useIdleSignOut({ keepAlive: async () => 'kept', signOut, openChannel });
    return null;
  }
  const other = otherTab();
  const heard: IdleMessage[] = [];
  other.addEventListener('message', ({ data }) => heard.push(data));
  view = await render(<Tab />);
  await advance(15 * MINUTE - SECOND);
  expect(signOut).not.toHaveBeenCalled();
  await advance(SECOND);
  expect(signOut).toHaveBeenCalledTimes(1);
  expect(heard).toContainEqual({ type: 'signed-out' });
  await advance(MINUTE);
  expect(signOut).toHaveBeenCalledTimes(1);

  // The component's sign-out is the Log Out path: GET /api/logout, then the session is gone.
  await view.unmount();
  const jsdomNavigation = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  view = await render(<IdleSignOut openChannel={openChannel} />);
  await advance(15 * MINUTE);
  await answers();
  jsdomNavigation.mockRestore();
  expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/logout');
  expect(localStorage.length).toBe(0);
});

it("activity in another tab counts here: it resets the 14 minutes and closes this tab's warning", async () => {
  view = await render(<IdleSignOut openChannel={openChannel} />);
  const other = otherTab();
  await advance(10 * MINUTE);
  act(() => other.postMessage({ type: 'activity', at: Date.now() }));
  await advance(14 * MINUTE - SECOND);
  expect(dialog()).toBeNull();
  await advance(SECOND);
  expect(dialog()).not.toBeNull();
  act(() => other.postMessage({ type: 'activity', at: Date.now() }));
  expect(dialog()).toBeNull();
});

it('a sign-out in another tab signs this one out too', async () => {
  const signOut = jest.fn();
  function Tab() {
    useIdleSignOut({ keepAlive: async () => 'kept', signOut, openChannel });
    return null;
  }
  view = await render(<Tab />);
  act(() => otherTab().postMessage({ type: 'signed-out' }));
  expect(signOut).toHaveBeenCalledTimes(1);
});

it('tells the server of the activity at most once a minute, and again at the end of a busy minute', async () => {
  view = await render(<IdleSignOut openChannel={openChannel} />);
  await advance(30 * SECOND);
  press();
  press();
  expect(activityCalls()).toHaveLength(0);
  await advance(30 * SECOND);
  expect(activityCalls()).toHaveLength(1);
  await advance(2 * MINUTE);
  press();
  expect(activityCalls()).toHaveLength(2);
  await advance(10 * SECOND);
  press();
  await advance(MINUTE);
  expect(activityCalls()).toHaveLength(3);
  // Nothing more without activity.
  await advance(5 * MINUTE);
  expect(activityCalls()).toHaveLength(3);
});
