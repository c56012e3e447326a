import { act } from 'react';
import { MemoryRouter, useLocation, useRoutes } from 'react-router-dom';
import { routes } from './routes';
import { setSession } from './session/session';
import { render, type Rendered } from './test-utils/render';
import { testSession } from './test-utils/session';

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

function AppRoutes() {
  return useRoutes(routes);
}

async function visit(path: string): Promise<Rendered> {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
      <Where />
    </MemoryRouter>,
  );
}

const text = (view: Rendered, selector: string) =>
  view.container.querySelector(selector)?.textContent ?? null;

let view: Rendered | undefined;
const scrollTo = jest.fn();

beforeEach(() => {
  localStorage.clear();
  scrollTo.mockClear();
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

describe('route map', () => {
  it('redirects an unknown path to /', async () => {
    view = await visit('/no/such/page?x=1');
    expect(text(view, '[data-testid="where"]')).toBe('/');
    expect(view.container.querySelector('main[data-page="intake"]')).not.toBeNull();
  });

  it('shows the decoded message on /sorry', async () => {
    view = await visit('/sorry?message=Test%20message');
    expect(text(view, '[data-testid="sorry-message"]')).toBe('Test message');
    expect(text(view, 'h1')).toBe("We're Sorry.");
    const learnMore = [...view.container.querySelectorAll('a')].find(
      (a) => a.textContent === 'Learn More',
    );
    expect(learnMore?.getAttribute('href')).toBe('/');
  });

  it('shows the not-qualified text on /sorry without message or known reason', async () => {
    view = await visit('/sorry');
    expect(text(view, '.sorry')).toContain(
      'Based on the information you provided, you currently do not qualify for our programs.',
    );
  });

  it('serves the footer legal pages and sends unknown legal slugs to /', async () => {
    view = await visit('/legal/privacy-policy');
    expect(text(view, 'main h1')).toBe('Privacy Policy');
    expect(text(view, 'main')).toContain('We do not sell your personal information');
    await view.unmount();

    view = await visit('/legal/not-a-document');
    expect(text(view, '[data-testid="where"]')).toBe('/');
  });

  it('renders the footer with the six legal links, an address and an About link', async () => {
    view = await visit('/sorry');
    const links = [...view.container.querySelectorAll('footer nav a')].map((a) => a.textContent);
    expect(links).toEqual([
      'HIPAA Notice',
      'Privacy Policy',
      'Returns & Refund Policy',
      'Terms Of Use',
      'CCPA Opt-Out',
      'TeleHealth Consent',
    ]);
    expect(view.container.querySelector('footer address')).not.toBeNull();
    expect(view.container.querySelector('footer a[href="/about"]')).not.toBeNull();
  });

  it.each([
    '/home',
    '/medical-form/5',
    '/upload-video/5',
    '/rejected/5',
    '/meeting-missed',
    '/prescription/5',
    '/adjust-doses/5',
    '/replacement-request',
  ])('sends a visitor without a session from %s to /login with page_ref', async (path) => {
    view = await visit(`${path}?a=1`);
    expect(text(view, '[data-testid="where"]')).toBe(
      `/login?page_ref=${encodeURIComponent(`${path}?a=1`)}`,
    );
  });

  it('opens a login-required route with a session', async () => {
    setSession(testSession({ token: 't', id: 1 }));
    // The form loader's request for the order stays unanswered: its spinner shows.
    const fetchMock = jest.fn(() => new Promise<Response>(() => undefined));
    const realFetch = global.fetch;
    global.fetch = fetchMock as unknown as typeof fetch;
    try {
      view = await visit('/medical-form/5?type=medical');
      expect(text(view, '[data-testid="where"]')).toBe('/medical-form/5?type=medical');
      expect(view.container.querySelector('main[data-page="medical-form-loading"]')).not.toBeNull();
      expect(String((fetchMock.mock.calls[0] as unknown[] | undefined)?.[0])).toContain(
        '/forms/orders/5',
      );
    } finally {
      global.fetch = realFetch;
    }
    // the logged-in header offers Log Out
    expect(text(view, 'header button')).toBe('Log Out');
  });

  it('scrolls to the top on every navigation', async () => {
    view = await visit('/sorry');
    expect(scrollTo).toHaveBeenCalledTimes(1);
    scrollTo.mockClear();

    const link = view.container.querySelector<HTMLAnchorElement>('a[href="/legal/terms-of-use"]')!;
    await act(async () => {
      link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    });

    expect(text(view, '[data-testid="where"]')).toBe('/legal/terms-of-use');
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});

describe('route map: /invoice/:paymentIntentId and /payment (issue 17)', () => {
  it('sends a visitor without a session from /invoice to /login with page_ref', async () => {
    view = await visit('/invoice/ch_7001');
    expect(text(view, '[data-testid="where"]')).toBe(
      `/login?page_ref=${encodeURIComponent('/invoice/ch_7001')}`,
    );
  });

  it("opens /invoice with a session and asks checkout for that payment's invoice", async () => {
    setSession(testSession({ token: 't', id: 1 }));
    const fetchMock = jest.fn(() => new Promise<Response>(() => undefined));
    const realFetch = global.fetch;
    global.fetch = fetchMock as unknown as typeof fetch;
    try {
      view = await visit('/invoice/ch_7001');
      for (let i = 0; i < 5; i++)
        await act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));
      expect(text(view, '[data-testid="where"]')).toBe('/invoice/ch_7001');
      expect(view.container.querySelector('main[data-page="invoice-loading"]')).not.toBeNull();
      expect(String((fetchMock.mock.calls[0] as unknown[] | undefined)?.[0])).toBe(
        '/api/invoice/ch_7001',
      );
    } finally {
      global.fetch = realFetch;
    }
  });

  it('sends /payment to the Billing tab of the account (and through login without a session)', async () => {
    view = await visit('/payment');
    expect(text(view, '[data-testid="where"]')).toBe(
      `/login?page_ref=${encodeURIComponent('/home?tab=billing')}`,
    );
    await view.unmount();

    setSession(testSession({ token: 't', id: 1 }));
    const realFetch = global.fetch;
    global.fetch = jest.fn(() => new Promise<Response>(() => undefined)) as unknown as typeof fetch;
    try {
      view = await visit('/payment');
      expect(text(view, '[data-testid="where"]')).toBe('/home?tab=billing');
    } finally {
      global.fetch = realFetch;
    }
  });
});
