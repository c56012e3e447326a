import { consoleSectionsFor, funnelSteps, type Role, type StaffRole } from '@clinic/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { settle, Stub } from '../account/testing/kit';
import { RequireAuth } from '../session/RequireAuth';
import { getSession, setSession } from '../session/session';
import { installFetchMock, jsonResponse, type FetchMock } from '../test-utils/fetchMock';
import { render, type Rendered } from '../test-utils/render';
import { consoleRoute } from './consoleRoute';
import { testSession } from '../test-utils/session';

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

const names: Record<StaffRole, [string, string]> = {
  clinician: ['Casey', 'Clinician'],
  support: ['Sam', 'Support'],
  pharmacy: ['Parker', 'Pharmacy'],
  marketing: ['Morgan', 'Marketing'],
  admin: ['Alex', 'Admin'],
};

function meAnswer(role: StaffRole) {
  const [first, last] = names[role];
  return {
    status: 'success',
    staff: { id: 9, first_name: first, last_name: last, email: `${role}@example.com`, role },
    sections: consoleSectionsFor(role),
  };
}

let fetchMock: FetchMock;
let view: Rendered | undefined;

beforeEach(() => {
  localStorage.clear();
  fetchMock = installFetchMock();
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

/** The console's route as the app mounts it, beside stand-ins for the portal and /login. */
async function open(path: string, role: Role): Promise<Rendered> {
  setSession(testSession({ token: 'tok', id: 9, role }));
  const router = createMemoryRouter(
    [
      {
        ...consoleRoute,
        element: (
          <>
            {consoleRoute.element}
            <Where />
          </>
        ),
      },
      {
        path: '/home',
        element: (
          <RequireAuth>
            <Stub name="portal" />
            <Where />
          </RequireAuth>
        ),
      },
      { path: '/login', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  // Retries at once, so a test of a failing server does not wait a second.
  const client = new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
  view = await render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await until(() => view!.container.querySelector('[aria-busy="true"]') === null);
  return view;
}

/** Lets the download of the console, the server's answer and the redirects finish. */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 50 && !done(); i++) await settle();
  await settle();
}

const where = (v: Rendered) => v.container.querySelector('[data-testid="where"]')?.textContent;
const navLinks = (v: Rendered) =>
  [...v.container.querySelectorAll<HTMLAnchorElement>('nav a')].map((a) => [
    a.textContent,
    a.getAttribute('href'),
  ]);
const headings = (v: Rendered) =>
  [...v.container.querySelectorAll('.console-nav__heading')].map((h) => h.textContent);
const text = (v: Rendered) => v.container.textContent ?? '';

describe('the staff console', () => {
  it("opens a clinician's first section, with their name, role and navigation", async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).startsWith('/api/console/cases')
        ? jsonResponse(200, { status: 'success', cases: [] })
        : jsonResponse(200, meAnswer('clinician')),
    );
    view = await open('/console', 'clinician');

    expect(where(view)).toBe('/console/review-queue');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/console/me');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tok');
    expect(view.container.querySelector('[data-testid="console-staff"]')?.textContent).toBe(
      'CCCasey ClinicianClinician',
    );
    expect(navLinks(view)).toEqual([
      ['Review queue', '/console/review-queue'],
      ['Decisions', '/console/decisions'],
      ['Prescriptions', '/console/prescriptions'],
      ['Patient messages', '/console/patient-messages'],
    ]);
    expect(headings(view)).toEqual([]);
    expect(view.container.querySelector('h1')?.textContent).toBe('Review queue');
    expect(text(view)).toContain('Cases waiting for review will appear here.');
    expect(view.container.querySelector('nav a[aria-current="page"]')?.textContent).toBe(
      'Review queue',
    );
  });

  const nothing = { people: 0, events: 0, amountCents: 0, rate: null };
  const emptyFunnel = {
    status: 'success',
    from: '2026-10-29',
    to: '2026-11-27',
    groupBy: 'source',
    total: {
      value: '',
      steps: funnelSteps.map((step) => ({ step, ...nothing })),
      grossCents: 0,
      refundsCents: 0,
      netCents: 0,
      refundRate: null,
    },
    groups: [],
    details: [],
    cohorts: [],
    offers: [],
  };

  it.each([
    ['support', ['Chat inbox'], 'Patient chats waiting for an answer will appear here.'],
    [
      'pharmacy',
      ['Orders to place', 'Shipments', 'Reships'],
      'Approved orders waiting to be placed will appear here.',
    ],
    [
      'marketing',
      ['Conversion funnel', 'Live conversions', 'Affiliate conversions'],
      'No visits, leads or payments were counted between these dates. Try a longer range.',
    ],
  ] as const)('shows %s staff only their own sections', async (role, labels, empty) => {
    // The pharmacy's, support's and marketing's first sections ask for their (empty) work.
    const queue = { status: 'success', cutoff: { processingDay: '2026-11-24', sameDay: true } };
    fetchMock.mockImplementation(async (input) =>
      String(input).startsWith('/api/console/pharmacy/')
        ? jsonResponse(200, { ...queue, shipments: [] })
        : String(input).startsWith('/api/console/support/')
          ? jsonResponse(200, { status: 'success', conversations: [] })
          : String(input).startsWith('/api/console/marketing/')
            ? jsonResponse(200, emptyFunnel)
            : jsonResponse(200, meAnswer(role)),
    );
    view = await open('/console', role);

    expect(navLinks(view).map(([label]) => label)).toEqual(labels);
    expect(text(view)).toContain(empty);
    expect(text(view)).toContain(names[role].join(' '));
  });

  it("gives an admin every section, under each role's heading", async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input).startsWith('/api/console/coupons')
        ? jsonResponse(200, { status: 'success', coupons: [] })
        : jsonResponse(200, meAnswer('admin')),
    );
    view = await open('/console/coupons', 'admin');

    expect(where(view)).toBe('/console/coupons');
    expect(navLinks(view)).toHaveLength(19);
    expect(navLinks(view).at(-1)).toEqual(['Audit trail', '/console/audit-trail']);
    expect(headings(view)).toEqual([
      'Clinical',
      'Support',
      'Pharmacy',
      'Marketing',
      'Administration',
    ]);
    expect(view.container.querySelector('h1')?.textContent).toBe('Coupons');
    expect(text(view)).toContain('Coupons and their discounts will appear here.');
  });

  it('sends a section the role may not open to its first section', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, meAnswer('clinician')));
    view = await open('/console/coupons', 'clinician');
    expect(where(view)).toBe('/console/review-queue');
  });

  it('sends a patient to the portal without asking the server', async () => {
    view = await open('/console/review-queue', 'patient');
    expect(where(view)).toBe('/home');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('believes the server when it refuses a session that says it is staff (403): to /home', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(403, { status: 'error', message: 'This is for clinic staff only.' }),
    );
    view = await open('/console', 'admin');
    await until(() => where(view!) === '/home');

    expect(where(view)).toBe('/home');
    expect(view.container.querySelector('[data-testid="stub"]')?.textContent).toBe('portal');
    expect(getSession()?.user.role).toBe('patient');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks for a new login when the server no longer knows the session (401)', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(401, { status: 'error', message: 'Please log in to continue.' }),
    );
    view = await open('/console/decisions', 'clinician');

    expect(where(view)).toBe('/login?page_ref=%2Fconsole%2Fdecisions');
    expect(getSession()).toBeNull();
  });

  it('offers to try again when the server fails, and recovers', async () => {
    fetchMock.mockResolvedValue(jsonResponse(503, { status: 'error', message: 'down' }));
    view = await open('/console', 'clinician');
    await until(() => view!.container.querySelector('[role="alert"]') !== null);
    expect(fetchMock).toHaveBeenCalledTimes(2); // a failing server is asked once more
    expect(view.container.querySelector('[role="alert"]')?.textContent).toContain(
      'The console could not load.',
    );

    fetchMock.mockResolvedValue(jsonResponse(200, meAnswer('clinician')));
    const retry = [...view.container.querySelectorAll('button')].find(
      (b) => b.textContent === 'Try again',
    )!;
    await act(async () => retry.click());
    await until(() => where(view!) === '/console/review-queue');
    expect(where(view)).toBe('/console/review-queue');
  });

  it('opens and closes the phone menu, which closes when a section is chosen', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, meAnswer('pharmacy')));
    view = await open('/console', 'pharmacy');
    const menu = view.container.querySelector<HTMLButtonElement>('.console-menu')!;
    const side = view.container.querySelector('.console__side')!;
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(menu.textContent).toContain('Orders to place');
    expect(menu.getAttribute('aria-controls')).toBe(view.container.querySelector('nav')!.id);

    await act(async () => menu.click());
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(side.getAttribute('data-open')).toBe('true');

    const shipments = [...view.container.querySelectorAll<HTMLAnchorElement>('nav a')].find(
      (a) => a.textContent === 'Shipments',
    )!;
    await act(async () => shipments.click());
    await settle();
    expect(where(view)).toBe('/console/shipments');
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(view.container.querySelector('h1')?.textContent).toBe('Shipments');
  });
});
