import { act } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { nextStepTexts } from '../portal/NextStep';
import { setSession } from '../session/session';
import { installFetchMock, jsonResponse, type FetchMock } from '../test-utils/fetchMock';
import type { Rendered } from '../test-utils/render';
import { PortalHomePage } from './PortalHomePage';
import { renderRoutes, settle } from './testing/kit';
import { testSession } from '../test-utils/session';

let view: Rendered | undefined;
let fetchMock: FetchMock;
/** What GET /api/pending-medical-forms answers: status and body. */
let pendingForms: { status: number; body: unknown };

function routes() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const home = (
    <QueryClientProvider client={client}>
      <PortalHomePage />
    </QueryClientProvider>
  );
  return [
    { path: '/home', element: home },
    { path: '/medical-form/:id', element: <p data-testid="medical-form" /> },
  ];
}

beforeEach(() => {
  localStorage.clear();
  pendingForms = { status: 200, body: { status: 'success', orders: [] } };
  fetchMock = installFetchMock();
  fetchMock.mockImplementation(async (input) => {
    const path = String(input).split('?')[0];
    if (path === '/api/pending-medical-forms') {
      return jsonResponse(pendingForms.status, pendingForms.body);
    }
    if (path === '/api/subscription-items') {
      return jsonResponse(200, { status: 'success', subscriptions: [] });
    }
    if (path === '/api/transaction-items') {
      return jsonResponse(200, { status: 'success', transactions: [] });
    }
    return jsonResponse(404, { status: 'error', message: 'Not found' });
  });
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

describe('PortalHomePage', () => {
  it('greets the user by first name and shows the tab bar with Billing selected', async () => {
    setSession(testSession({ token: 't', id: 1, first_name: 'Ana' }));
    view = await renderRoutes(routes(), '/home?tab=billing');

    expect(view.container.querySelector('h1')?.textContent).toBe('Welcome, Ana!');
    // still the marker of a page being built: the other tabs are to come
    expect(view.container.querySelector('main[data-pending-page="portal"]')).not.toBeNull();

    const tabs = [...view.container.querySelectorAll('[role="tab"]')];
    expect(tabs.map((t) => t.querySelector('span')?.textContent)).toEqual([
      'Orders',
      'Dosage',
      'Doctor on Demand',
      'Profile',
      'Billing',
    ]);
    const selected = tabs.filter((t) => t.getAttribute('aria-selected') === 'true');
    expect(selected.map((t) => t.textContent)).toEqual(['Billing']);
    expect(selected[0]!.getAttribute('aria-disabled')).toBeNull();
    for (const tab of tabs.slice(0, 4)) {
      expect(tab.getAttribute('aria-disabled')).toBe('true');
      expect(tab.textContent).toContain('Coming soon');
    }

    const panel = view.container.querySelector('[role="tabpanel"]')!;
    expect(panel.getAttribute('aria-labelledby')).toBe(selected[0]!.id);
    await settle();
    expect(panel.textContent).toContain('Current Therapies');
    expect(panel.textContent).toContain('Past Payments');
    expect(panel.textContent).toContain('No payment history found.');
  });

  it('still greets a user without a first name', async () => {
    setSession(testSession({ token: 't', id: 1, first_name: ' ' }));
    view = await renderRoutes(routes(), '/home');
    expect(view.container.querySelector('h1')?.textContent).toBe('Welcome!');
    await settle();
  });
});

describe('PortalHomePage, the next step', () => {
  const card = () => view!.container.querySelector<HTMLElement>('section#next-step');
  const waiting = (...orders: [number, string, string][]) => ({
    status: 200,
    body: {
      status: 'success',
      orders: orders.map(([orderId, product_name, created_at]) => ({
        orderId,
        product_name,
        created_at,
      })),
    },
  });

  beforeEach(() => setSession(testSession({ token: 't', id: 1, first_name: 'Ana' })));

  it('shows the medical assessment of the oldest waiting order above the tabs', async () => {
    pendingForms = waiting(
      [41, 'Tirzepatide', '2026-11-20T10:00:00.000Z'],
      [57, 'Semaglutide', '2026-11-21T10:00:00.000Z'],
    );
    view = await renderRoutes(routes(), '/home');
    await settle();

    expect(card()).not.toBeNull();
    expect(card()!.querySelector('h2')?.textContent).toBe(
      'Next step: complete your medical assessment',
    );
    expect(card()!.textContent).toContain('Your Tirzepatide order is paid.');
    const facts = [...card()!.querySelectorAll('li')].map((li) => li.textContent);
    expect(facts).toEqual(['Takes 5-10 minutes', 'Doctor review within 24 hours']);
    expect(card()!.textContent).toContain(nextStepTexts.more(1));
    const start = card()!.querySelector<HTMLAnchorElement>('a#next-step-start')!;
    expect(start.textContent).toBe('Complete Medical Form');
    expect(start.getAttribute('href')).toBe('/medical-form/41');
    // above the tab bar
    const tabs = view.container.querySelector('.portal-tabs')!;
    expect(card()!.compareDocumentPosition(tabs) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const call = fetchMock.mock.calls.find(([path]) => path === '/api/pending-medical-forms');
    expect(new Headers(call?.[1]?.headers).get('Authorization')).toBe('Bearer t');

    await act(async () => start.click());
    await settle();
    expect(view.container.querySelector('[data-testid="medical-form"]')).not.toBeNull();
  });

  it('says nothing of a next step when no order waits', async () => {
    view = await renderRoutes(routes(), '/home');
    await settle();
    expect(card()).toBeNull();
    expect(view.container.textContent).not.toContain('medical assessment');
  });

  it('says nothing of a next step when the list cannot be read', async () => {
    pendingForms = { status: 503, body: { status: 'error', message: 'Try again later.' } };
    view = await renderRoutes(routes(), '/home');
    await settle();
    expect(card()).toBeNull();
    // the rest of the portal still shows
    expect(view.container.querySelector('[role="tabpanel"]')?.textContent).toContain(
      'Current Therapies',
    );
  });
});
