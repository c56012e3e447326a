import { browserKeys } from './browserStorage';
import { logOut } from './logOut';
import { getSession, setSession } from './session';
import { installFetchMock, jsonResponse, type FetchMock } from '../test-utils/fetchMock';
import { testSession } from '../test-utils/session';

let fetchMock: FetchMock;
beforeEach(() => {
  fetchMock = installFetchMock();
  fetchMock.mockResolvedValue(jsonResponse(200, { status: 'success', message: 'Logged out' }));
});
afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

it('forgets the patient, and forgets again as the page goes, so a late write of the quiz draft does not outlive Log Out', async () => {
  setSession(testSession());
  sessionStorage.setItem(browserKeys.intake, '{"step":9}');
  localStorage.setItem(browserKeys.products, '[]');

  // jsdom cannot navigate and says so on the console: that is Log Out's full load of /login.
  const jsdomNavigation = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  await logOut();
  expect(String(jsdomNavigation.mock.calls[0]?.[0])).toMatch(/navigation/);
  jsdomNavigation.mockRestore();
  expect(getSession()).toBeNull();
  expect(sessionStorage.getItem(browserKeys.intake)).toBeNull();
  expect(localStorage.getItem(browserKeys.products)).toBe('[]');

  // A store still mounted writes its copy back before the browser leaves the page.
  sessionStorage.setItem(browserKeys.intake, '{"step":9}');
  window.dispatchEvent(new Event('pagehide'));
  expect(sessionStorage.getItem(browserKeys.intake)).toBeNull();
});
