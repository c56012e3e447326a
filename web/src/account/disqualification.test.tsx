import type { Rendered } from '../test-utils/render';
import { DoctorsUnavailablePage } from './DoctorsUnavailablePage';
import { NotQualifiedPage } from './NotQualifiedPage';
import { link, renderRoutes } from './testing/kit';

const routes = [
  { path: '/doctors-unavailable', element: <DoctorsUnavailablePage /> },
  { path: '/not-qualified', element: <NotQualifiedPage /> },
];

let view: Rendered | undefined;

beforeEach(() => localStorage.clear());
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

describe('disqualification pages', () => {
  it('page 1: doctors unavailable, hours, 911, Continue to /home', async () => {
    view = await renderRoutes(routes, '/doctors-unavailable');
    const text = view.container.textContent;
    expect(view.container.querySelector('h1')?.textContent).toBe(
      'Our Doctors Are Currently Unavailable',
    );
    expect(text).toContain('Monday to Friday, 7:00 AM to 7:00 PM PST, excluding holidays');
    expect(text).toContain('call 911');
    expect(link(view, 'Continue')?.getAttribute('href')).toBe('/home');
  });

  it('page 2: not qualified text and Continue to /', async () => {
    view = await renderRoutes(routes, '/not-qualified');
    expect(view.container.querySelector('h1')?.textContent).toBe("We're Sorry.");
    expect(view.container.querySelector('.sorry__message')?.textContent).toBe(
      'Based on the information you provided, you currently do not qualify for our programs.',
    );
    expect(link(view, 'Continue')?.getAttribute('href')).toBe('/');
  });
});
