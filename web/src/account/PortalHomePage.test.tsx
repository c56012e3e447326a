import { setSession } from '../session/session';
import type { Rendered } from '../test-utils/render';
import { PortalHomePage } from './PortalHomePage';
import { renderRoutes } from './testing/kit';

const routes = [{ path: '/home', element: <PortalHomePage /> }];

let view: Rendered | undefined;

beforeEach(() => localStorage.clear());
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

describe('PortalHomePage', () => {
  it('greets the user by first name and lists the coming tabs', async () => {
    setSession({ token: 't', user: { id: 1, first_name: 'Ana' } });
    view = await renderRoutes(routes, '/home');

    expect(view.container.querySelector('h1')?.textContent).toBe('Welcome, Ana!');
    const tabs = [...view.container.querySelectorAll('.portal__tab > span:first-child')].map(
      (t) => t.textContent,
    );
    expect(tabs).toEqual(['Orders', 'Dosage', 'Doctor on Demand', 'Profile', 'Billing']);
    expect(view.container.textContent).toContain('being prepared');
  });

  it('still greets a user without a first name', async () => {
    setSession({ token: 't', user: { id: 1 } });
    view = await renderRoutes(routes, '/home');
    expect(view.container.querySelector('h1')?.textContent).toBe('Welcome!');
  });
});
