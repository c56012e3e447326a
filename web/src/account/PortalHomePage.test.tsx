import { setSession } from '../session/session';
import { installFetchMock, jsonResponse } from '../test-utils/fetchMock';
import type { Rendered } from '../test-utils/render';
import { PortalHomePage } from './PortalHomePage';
import { renderRoutes, settle } from './testing/kit';

const routes = [{ path: '/home', element: <PortalHomePage /> }];

let view: Rendered | undefined;

beforeEach(() => {
  localStorage.clear();
  const fetchMock = installFetchMock();
  fetchMock.mockImplementation(async (input) => {
    const path = String(input).split('?')[0];
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
    setSession({ token: 't', user: { id: 1, first_name: 'Ana' } });
    view = await renderRoutes(routes, '/home?tab=billing');

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
    setSession({ token: 't', user: { id: 1 } });
    view = await renderRoutes(routes, '/home');
    expect(view.container.querySelector('h1')?.textContent).toBe('Welcome!');
    await settle();
  });
});
