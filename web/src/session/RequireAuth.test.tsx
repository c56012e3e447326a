import { act } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router-dom';
import { render, type Rendered } from '../test-utils/render';
import { GuestOnly, RequireAuth, loginRedirectPath } from './RequireAuth';
import { clearSession, setSession } from './session';
import { cartLinkSession, testSession } from '../test-utils/session';

/** Shows where the router ended up and how it got there. */
function Where({ label }: { label: string }) {
  const { pathname, search, hash } = useLocation();
  const action = useNavigationType();
  return (
    <p data-testid="where" data-action={action}>
      {label} {pathname + search + hash}
    </p>
  );
}

/** The same nesting as the app's route map (a RequireAuth layout route). */
function app(initialPath: string) {
  return (
    <MemoryRouter initialEntries={[initialPath]}>
      <Routes>
        <Route element={<RequireAuth allowCartSession />}>
          <Route path="/medical-form/:id" element={<Where label="medical-form" />} />
        </Route>
        <Route element={<RequireAuth />}>
          <Route path="/home" element={<Where label="portal" />} />
        </Route>
        <Route element={<RequireAuth audience="staff" />}>
          <Route path="/console" element={<Where label="console" />} />
          <Route path="/console/:section" element={<Where label="console" />} />
        </Route>
        <Route
          path="/login"
          element={
            <GuestOnly>
              <Where label="login" />
            </GuestOnly>
          }
        />
      </Routes>
    </MemoryRouter>
  );
}

function where(view: Rendered): string | null | undefined {
  return view.container.querySelector('[data-testid="where"]')?.textContent;
}

function action(view: Rendered): string | null | undefined {
  return view.container.querySelector('[data-testid="where"]')?.getAttribute('data-action');
}

let view: Rendered | undefined;

beforeEach(() => localStorage.clear());
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

describe('loginRedirectPath', () => {
  it('puts the whole original path, query string and hash into page_ref', () => {
    expect(loginRedirectPath('/medical-form/12?type=medical#top')).toBe(
      '/login?page_ref=%2Fmedical-form%2F12%3Ftype%3Dmedical%23top',
    );
  });
});

describe('RequireAuth', () => {
  it('sends a visitor without a session to /login with page_ref = path + query string', async () => {
    view = await render(app('/medical-form/12?type=medical#q3'));

    expect(where(view)).toBe('login /login?page_ref=%2Fmedical-form%2F12%3Ftype%3Dmedical%23q3');
    const search = where(view)!.split('?')[1]!;
    expect(new URLSearchParams(search).get('page_ref')).toBe('/medical-form/12?type=medical#q3');
    // replace, not push: going back does not bounce through the protected route again
    expect(action(view)).toBe('REPLACE');
  });

  it('renders the protected page when a session exists', async () => {
    setSession(testSession({ token: 'tok', id: 1 }));
    view = await render(app('/home'));

    expect(where(view)).toBe('portal /home');
  });

  it('redirects as soon as the session is cleared (log out)', async () => {
    setSession(testSession({ token: 'tok', id: 1 }));
    view = await render(app('/home'));

    await act(async () => clearSession());

    expect(where(view)).toBe('login /login?page_ref=%2Fhome');
  });
});

describe('RequireAuth by audience', () => {
  const patient = testSession({ token: 'tok', id: 1, role: 'patient' });
  const clinician = testSession({ token: 'tok', id: 2, role: 'clinician' });

  it.each(['/home', '/medical-form/12?type=medical'])(
    'sends a staff session from the patient page %s to the console',
    async (path) => {
      setSession(clinician);
      view = await render(app(path));

      expect(where(view)).toBe('console /console');
      expect(action(view)).toBe('REPLACE');
    },
  );

  it('sends a patient from the console to the portal', async () => {
    setSession(patient);
    view = await render(app('/console/review-queue'));

    expect(where(view)).toBe('portal /home');
    expect(action(view)).toBe('REPLACE');
  });

  it('treats a session stored without a role as a patient', async () => {
    setSession(testSession({ token: 'tok', id: 1 }));
    view = await render(app('/console'));

    expect(where(view)).toBe('portal /home');
  });

  it('lets staff into the console and asks a visitor to log in first', async () => {
    setSession(clinician);
    view = await render(app('/console/review-queue'));
    expect(where(view)).toBe('console /console/review-queue');
    await view.unmount();

    localStorage.clear();
    view = await render(app('/console/review-queue'));
    expect(where(view)).toBe('login /login?page_ref=%2Fconsole%2Freview-queue');
  });
});

describe('GuestOnly (/login)', () => {
  it('sends a logged-in user from /login to /home', async () => {
    setSession(testSession({ token: 'tok', id: 1 }));
    view = await render(app('/login'));

    expect(where(view)).toBe('portal /home');
  });

  it('sends logged-in staff from /login to the console', async () => {
    setSession(testSession({ token: 'tok', id: 2, role: 'admin' }));
    view = await render(app('/login'));

    expect(where(view)).toBe('console /console');
  });
});

describe("a checkout link's session", () => {
  const linkSession = cartLinkSession({ token: 'link', id: 42, first_name: 'Ana' });

  it('opens the medical form of its order', async () => {
    setSession(linkSession);
    view = await render(app('/medical-form/12'));
    expect(where(view)).toBe('medical-form /medical-form/12');
  });

  it('sends its holder to log in for the portal, and the login page lets them', async () => {
    setSession(linkSession);
    view = await render(app('/home'));
    expect(where(view)).toBe('login /login?page_ref=%2Fhome');
  });
});
