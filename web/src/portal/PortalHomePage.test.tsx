import { act } from 'react';
import { doctorMessages } from '@clinic/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { nextStepTexts } from './NextStep';
import { orderItemsAnswer, progressItem, rxEntry } from './orders/fixtures';
import { thisWeek, unscheduled } from './care/fixtures';
import { setSession } from '../session/session';
import { installFetchMock, jsonResponse, type FetchMock } from '../test-utils/fetchMock';
import { render, type Rendered } from '../test-utils/render';
import { PortalHomePage } from './PortalHomePage';
import { renderRoutes, where } from '../account/testing/kit';
import { testSession } from '../test-utils/session';

/** Lets the fetch mock answer, the queries settle, the lazy tabs load and React commit. */
async function flush() {
  for (let i = 0; i < 8; i++)
    await act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));
}

let view: Rendered | undefined;
const profileAnswer = {
  first_name: 'Ana',
  last_name: 'Lopez',
  email: 'ana@example.com',
  phone: '5125550188',
  gender: 'Female',
  weight: 180,
  weight_at: null,
  height_inch: 66,
  text_updates: true,
  preferred_categories: [],
  created_at: '2026-11-01T10:00:00.000Z',
};
const availabilityAnswer = {
  status: 'success',
  chat: { staffedNow: true, hours: 'Monday to Friday', expectation: 'A few minutes' },
  doctor: {
    expectation: "Your doctor replies within 24 hours, and we'll text you when they do.",
    messagingUrl: null,
  },
};
let fetchMock: FetchMock;
/** What GET /api/pending-medical-forms answers: status and body. */
let pendingForms: { status: number; body: unknown };
/** What GET /api/order-items answers. */
let orders: { status: number; body: unknown };
/** What GET /api/care/this-week answers. */
let careWeek: unknown;

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
  orders = { status: 200, body: orderItemsAnswer([]) };
  careWeek = unscheduled('none');
  fetchMock = installFetchMock();
  fetchMock.mockImplementation(async (input) => {
    const path = String(input).split('?')[0];
    if (path === '/api/pending-medical-forms') {
      return jsonResponse(pendingForms.status, pendingForms.body);
    }
    if (path === '/api/order-items') {
      return jsonResponse(orders.status, orders.body);
    }
    if (path === '/api/subscription-items') {
      return jsonResponse(200, { status: 'success', subscriptions: [] });
    }
    if (path === '/api/transaction-items') {
      return jsonResponse(200, { status: 'success', transactions: [] });
    }
    if (path === '/api/profile') {
      return jsonResponse(200, { status: 'success', profile: profileAnswer });
    }
    if (path === '/api/weight-history') return jsonResponse(200, { weights: [] });
    if (path === '/api/care/this-week') return jsonResponse(200, careWeek);
    if (path === '/api/chat-availability') {
      return jsonResponse(200, availabilityAnswer);
    }
    if (path === '/api/provider-messages') {
      return jsonResponse(200, { success: true, messages: [] });
    }
    if (path?.startsWith('/api/get-doc-profile/')) {
      return jsonResponse(200, {
        status: 'success',
        case: { name: 'Dr. Maria Alvarez', npi: '1234567890', bio: 'Obesity medicine.', image: '' },
      });
    }
    if (path === '/api/ship-address') {
      return jsonResponse(200, { status: 'success', data: null });
    }
    return jsonResponse(404, { status: 'error', message: 'Not found' });
  });
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

describe('PortalHomePage', () => {
  it('greets the user by first name and opens the Billing tab of ?tab=billing', async () => {
    setSession(testSession({ token: 't', id: 1, first_name: 'Ana' }));
    view = await renderRoutes(routes(), '/home?tab=billing');

    expect(view.container.querySelector('h1')?.textContent).toBe('Welcome, Ana!');
    // spec 000: the chat bubble floats on the portal home
    expect(view.container.querySelector('button[aria-label="Chat with support"]')).not.toBeNull();
    // no Doctor on Demand tab: the intro sends every question to the chat
    expect(view.container.querySelector('.portal-page__intro')?.textContent).toBe(
      'Track your orders, see your dosage plan and manage your account and billing. Questions about an order? Chat with us.',
    );
    // every tab is built: no marker of a page still being built, nothing "coming soon"
    expect(view.container.querySelector('[data-pending-page]')).toBeNull();
    expect(view.container.textContent).not.toContain('Coming soon');
    await flush();

    // no order has prescription data and no health id: no Dosage, no Doctor on Demand
    const tabs = [...view.container.querySelectorAll('[role="tab"]')];
    expect(tabs.map((t) => t.querySelector('span')?.textContent)).toEqual([
      'Orders',
      'Profile',
      'Billing',
    ]);
    const selected = tabs.filter((t) => t.getAttribute('aria-selected') === 'true');
    expect(selected.map((t) => t.textContent)).toEqual(['Billing']);
    expect(tabs.every((t) => t.getAttribute('aria-disabled') === null)).toBe(true);
    expect(tabs[1]!.textContent).toBe('Profile');

    const panel = view.container.querySelector('[role="tabpanel"]')!;
    expect(panel.getAttribute('aria-labelledby')).toBe(selected[0]!.id);
    await flush();
    expect(panel.textContent).toContain('Current Therapies');
    expect(panel.textContent).toContain('Past Payments');
    expect(panel.textContent).toContain('No payment history found.');
  });

  it('opens the Profile tab, Manage Account, of ?tab=profile', async () => {
    setSession(testSession({ token: 't', id: 1, first_name: 'Ana' }));
    view = await renderRoutes(routes(), '/home?tab=profile');
    await flush();
    // The form waits for the weights reported since sign-up too.
    await flush();
    const selected = view.container.querySelector('[role="tab"][aria-selected="true"]');
    expect(selected?.textContent).toBe('Profile');
    const panel = view.container.querySelector('[role="tabpanel"]')!;
    expect(panel.querySelector('h2')?.textContent).toBe('Manage Account');
    expect(panel.querySelector<HTMLInputElement>('#profile-email')?.value).toBe('ana@example.com');
  });

  it('still greets a user without a first name', async () => {
    setSession(testSession({ token: 't', id: 1, first_name: ' ' }));
    view = await renderRoutes(routes(), '/home');
    expect(view.container.querySelector('h1')?.textContent).toBe('Welcome!');
    await flush();
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
    await flush();

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
    await flush();
    expect(view.container.querySelector('[data-testid="medical-form"]')).not.toBeNull();
  });

  it('says nothing of a next step when no order waits', async () => {
    view = await renderRoutes(routes(), '/home');
    await flush();
    expect(card()).toBeNull();
    expect(view.container.textContent).not.toContain('medical assessment');
  });

  it('says nothing of a next step when the list cannot be read', async () => {
    pendingForms = { status: 503, body: { status: 'error', message: 'Try again later.' } };
    view = await renderRoutes(routes(), '/home');
    await flush();
    expect(card()).toBeNull();
    // the rest of the portal still shows
    expect(view.container.querySelector('[role="tabpanel"]')?.textContent).toContain(
      'Order Tracking & Status Updates',
    );
  });
});

describe('PortalHomePage, the This week card', () => {
  const card = () => view!.container.querySelector<HTMLElement>('.care-card');

  beforeEach(() => setSession(testSession({ token: 't', id: 1, first_name: 'Ana' })));

  it('shows the week above the tabs once the patient has an injection day', async () => {
    careWeek = thisWeek();
    view = await renderRoutes(routes(), '/home');
    await flush();
    expect(card()?.querySelector('h2')?.textContent).toBe('This week');
    expect(card()!.textContent).toContain('Sunday, Mar 15 at 9:00 AM');
    const tabs = view.container.querySelector('.portal-tabs')!;
    expect(card()!.compareDocumentPosition(tabs) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows no card without an active prescription', async () => {
    view = await renderRoutes(routes(), '/home');
    await flush();
    expect(fetchMock.mock.calls.some(([path]) => path === '/api/care/this-week')).toBe(true);
    expect(card()).toBeNull();
    expect(view.container.textContent).not.toContain('This week');
  });
});

describe('PortalHomePage, the Orders and Dosage tabs', () => {
  const tabs = () => [...view!.container.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
  const tab = (name: string) => tabs().find((t) => t.querySelector('span')?.textContent === name);
  const selectedNames = () =>
    tabs()
      .filter((t) => t.getAttribute('aria-selected') === 'true')
      .map((t) => t.querySelector('span')?.textContent);
  const panel = () => view!.container.querySelector<HTMLElement>('[role="tabpanel"]')!;
  const key = async (target: HTMLElement, name: string) =>
    act(async () =>
      target.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true })),
    );
  const withRx = progressItem({
    id: 30,
    status: 'order_shipped',
    prescription_data: [rxEntry('Tirzepatide T1-T6', 2.5, 1, 'Inject once a week.')],
  });

  beforeEach(() => setSession(testSession({ token: 't', id: 1, first_name: 'Ana' })));

  it('opens on Orders, with the tracker of each order', async () => {
    orders.body = orderItemsAnswer([progressItem({ id: 31, status: 'pending_approval' })]);
    view = await renderRoutes(routes(), '/home');
    await flush();
    expect(selectedNames()).toEqual(['Orders']);
    expect(panel().getAttribute('aria-labelledby')).toBe(tab('Orders')!.id);
    expect(tab('Orders')!.getAttribute('aria-controls')).toBe(panel().id);
    expect(panel().textContent).toContain('Order Tracking & Status Updates');
    expect(panel().querySelector('article[data-item-id="order-31"]')?.textContent).toContain(
      'Needs Review',
    );
    expect(tab('Dosage')).toBeUndefined();
  });

  it('shows Dosage only with prescription data; click and arrow keys switch tabs', async () => {
    orders.body = orderItemsAnswer([withRx]);
    view = await renderRoutes(routes(), '/home');
    await flush();
    expect(tabs().map((t) => t.querySelector('span')?.textContent)).toEqual([
      'Orders',
      'Dosage',
      'Profile',
      'Billing',
    ]);
    expect(tab('Dosage')!.getAttribute('aria-disabled')).toBeNull();

    await act(async () => tab('Dosage')!.click());
    await flush();
    expect(selectedNames()).toEqual(['Dosage']);
    expect(panel().getAttribute('aria-labelledby')).toBe(tab('Dosage')!.id);
    expect(panel().textContent).toContain('Month 1');
    expect(where(view)).toBe('/home?tab=dosage');

    // without a health id there is no Doctor on Demand: Dosage -> Profile -> Billing -> Orders
    await key(tab('Dosage')!, 'ArrowRight');
    await flush();
    expect(selectedNames()).toEqual(['Profile']);
    expect(where(view)).toBe('/home?tab=profile');
    await key(tab('Profile')!, 'ArrowRight');
    await flush();
    expect(selectedNames()).toEqual(['Billing']);
    expect(document.activeElement).toBe(tab('Billing'));
    expect(panel().textContent).toContain('Current Therapies');
    await key(tab('Billing')!, 'ArrowRight');
    await flush();
    expect(selectedNames()).toEqual(['Orders']);
    await key(tab('Orders')!, 'ArrowLeft');
    await flush();
    expect(selectedNames()).toEqual(['Billing']);
    expect(tabs().map((t) => t.tabIndex)).toEqual([-1, -1, -1, 0]);
  });

  it('falls back to Orders when the prescription data goes away', async () => {
    orders.body = orderItemsAnswer([withRx]);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    view = await renderRoutes(
      [
        {
          path: '/home',
          element: (
            <QueryClientProvider client={client}>
              <PortalHomePage />
            </QueryClientProvider>
          ),
        },
      ],
      '/home?tab=dosage',
    );
    await flush();
    expect(selectedNames()).toEqual(['Dosage']);

    orders.body = orderItemsAnswer([{ ...withRx, prescription_data: [] }]);
    await act(async () => client.invalidateQueries({ queryKey: ['order-items'] }));
    await flush();
    expect(tab('Dosage')).toBeUndefined();
    expect(selectedNames()).toEqual(['Orders']);
    expect(panel().getAttribute('aria-labelledby')).toBe(tab('Orders')!.id);
    expect(panel().textContent).toContain('Order Tracking & Status Updates');
  });
});

describe('PortalHomePage, the Doctor on Demand tab', () => {
  const tabs = () => [...view!.container.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
  const tab = (name: string) => tabs().find((t) => t.querySelector('span')?.textContent === name);
  const selectedNames = () =>
    tabs()
      .filter((t) => t.getAttribute('aria-selected') === 'true')
      .map((t) => t.querySelector('span')?.textContent);
  const panel = () => view!.container.querySelector<HTMLElement>('[role="tabpanel"]')!;
  const withVisit = progressItem({ id: 32, status: 'order_shipped', external_visit_id: 'enc-32' });

  beforeEach(() => setSession(testSession({ token: 't', id: 1, first_name: 'Ana' })));

  it('is there only with a health id, and opens the chat without the floating bubble', async () => {
    orders.body = { ...orderItemsAnswer([withVisit]), health_id: 'H-77' };
    view = await renderRoutes(routes(), '/home');
    await flush();
    expect(tabs().map((t) => t.querySelector('span')?.textContent)).toEqual([
      'Orders',
      'Doctor on Demand',
      'Profile',
      'Billing',
    ]);
    expect(view.container.querySelector('button[aria-label="Chat with support"]')).not.toBeNull();

    await act(async () => tab('Doctor on Demand')!.click());
    await flush();
    expect(selectedNames()).toEqual(['Doctor on Demand']);
    expect(where(view)).toBe('/home?tab=doctor-on-demand');
    expect(panel().querySelector('h2')?.textContent).toBe('Doctor on Demand');
    expect(panel().textContent).toContain('Dr. Maria Alvarez');
    expect(panel().textContent).toContain(availabilityAnswer.doctor.expectation);
    // spec 002: the bubble is hidden while this tab is open
    expect(view.container.querySelector('button[aria-label="Chat with support"]')).toBeNull();
    // the intro holds here too: medical questions to the doctor, an order's to the chat, which
    // this tab opens with its own button rather than the bubble
    const intro = view.container.querySelector('.portal-page__intro')!.textContent;
    expect(intro).toContain('Medical questions? Ask your doctor under Doctor on Demand.');
    expect(intro).toContain('Questions about an order? Chat with us.');
    expect(intro).not.toContain('bottom of the screen');
    expect(
      [...panel().querySelectorAll('button')].some(
        (b) => b.textContent === doctorMessages.chatWithSupport,
      ),
    ).toBe(true);
  });

  it('falls back to Orders when the health id goes away', async () => {
    orders.body = { ...orderItemsAnswer([withVisit]), health_id: 'H-77' };
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    view = await renderRoutes(
      [
        {
          path: '/home',
          element: (
            <QueryClientProvider client={client}>
              <PortalHomePage />
            </QueryClientProvider>
          ),
        },
      ],
      '/home?tab=doctor-on-demand',
    );
    await flush();
    expect(selectedNames()).toEqual(['Doctor on Demand']);

    orders.body = orderItemsAnswer([withVisit]);
    await act(async () => client.invalidateQueries({ queryKey: ['order-items'] }));
    await flush();
    expect(tab('Doctor on Demand')).toBeUndefined();
    expect(selectedNames()).toEqual(['Orders']);
    expect(panel().textContent).toContain('Order Tracking & Status Updates');
  });
});

describe('PortalHomePage, the tab bar on every screen', () => {
  const tabs = () => [...view!.container.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
  const withRx = progressItem({
    id: 30,
    status: 'order_shipped',
    external_visit_id: 'enc-30',
    prescription_data: [rxEntry('Tirzepatide T1-T6', 2.5, 1, 'Inject once a week.')],
  });

  beforeEach(() => setSession(testSession({ token: 't', id: 1, first_name: 'Ana' })));

  it("gives each of the five tabs an icon and a short word, the spec's whole name kept as its name", async () => {
    orders.body = { ...orderItemsAnswer([withRx]), health_id: 'H-77' };
    view = await renderRoutes(routes(), '/home?tab=profile');
    await flush();
    // The accessible name is the text: every tab reads as the spec names it.
    expect(tabs().map((t) => t.textContent)).toEqual([
      'Orders',
      'Dosage',
      'Doctor on Demand',
      'Profile',
      'Billing',
    ]);
    for (const tab of tabs()) {
      const icon = tab.querySelector('svg.portal-tabs__icon');
      expect(icon?.getAttribute('aria-hidden')).toBe('true');
      expect(tab.getAttribute('aria-label')).toBeNull();
    }
    // On a phone only the first word shows; the rest stays in the name, visually hidden.
    const doctor = tabs()[2]!;
    expect(doctor.querySelector('.portal-tabs__more')?.textContent).toBe(' on Demand');
    expect(doctor.querySelector('.portal-tabs__label')?.firstChild?.textContent).toBe('Doctor');
    expect(tabs().filter((t) => t.querySelector('.portal-tabs__more'))).toEqual([doctor]);

    // Home and End reach the ends of the bar, as in any tablist; the choice is in the address.
    const bar = view.container.querySelector('[role="tablist"]')!;
    expect(bar.getAttribute('aria-label')).toBe('Portal sections');
    await act(async () =>
      tabs()[3]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true })),
    );
    await flush();
    expect(where(view)).toBe('/home?tab=billing');
    expect(document.activeElement).toBe(tabs()[4]);
    await act(async () =>
      tabs()[4]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Home', bubbles: true })),
    );
    await flush();
    expect(where(view)).toBe('/home?tab=orders');
    expect(tabs().map((t) => t.tabIndex)).toEqual([0, -1, -1, -1, -1]);
  });
});

describe('PortalHomePage, the word on an arrival', () => {
  const notice = () => view!.container.querySelector<HTMLElement>('.portal-notice');

  beforeEach(() => setSession(testSession({ token: 't', id: 1, first_name: 'Ana' })));

  async function arrive(state: unknown) {
    const router = createMemoryRouter(routes(), {
      initialEntries: [{ pathname: '/home', state }],
    });
    view = await render(<RouterProvider router={router} />);
    await flush();
    return router;
  }

  it('says the video arrived when the video page sends the patient home, until dismissed', async () => {
    const router = await arrive({ portalNotice: 'video-received' });
    expect(notice()?.getAttribute('role')).toBe('status');
    expect(notice()?.textContent).toBe(
      'We received your video. Your doctor will review your assessment within 24 hours.',
    );
    // Above the next step and the tabs.
    const bar = view!.container.querySelector('[role="tablist"]')!;
    expect(notice()!.compareDocumentPosition(bar) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The history entry forgets it: a reload or a way back here does not say it again.
    expect(router.state.location.state).toBeNull();
    expect(router.state.location.pathname).toBe('/home');
    // It stays while the patient looks around the tabs, and goes when dismissed.
    await act(async () =>
      view!.container.querySelector<HTMLButtonElement>('#portal-tab-billing')!.click(),
    );
    await flush();
    expect(router.state.location.search).toBe('?tab=billing');
    expect(notice()).not.toBeNull();
    await act(async () =>
      notice()!.querySelector<HTMLButtonElement>('button[aria-label="Dismiss"]')!.click(),
    );
    expect(notice()).toBeNull();
    // Carried by the navigation alone: nothing about it was stored.
    const stored = (storage: Storage) =>
      Array.from({ length: storage.length }, (_, i) => storage.getItem(storage.key(i)!)).join();
    expect(stored(localStorage) + stored(sessionStorage)).not.toMatch(/video/i);
  });

  it('says nothing on an ordinary visit, or for a state it does not know', async () => {
    await arrive(null);
    expect(notice()).toBeNull();
    await view!.unmount();
    await arrive({ portalNotice: 'something-else' });
    expect(notice()).toBeNull();
  });
});
