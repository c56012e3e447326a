import { renderPage } from '../intake/testing/dom';
import { setSession } from '../session/session';
import type { Rendered } from '../test-utils/render';
import { StatusProgressPage } from './StatusProgressPage';
import { testSession } from '../test-utils/session';

let view: Rendered | undefined;

async function open() {
  view = await renderPage('/status-progress', { '/status-progress': <StatusProgressPage /> });
  return view;
}
const root = () => view!.container;

beforeEach(() => localStorage.clear());
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

describe('StatusProgressPage', () => {
  it('greets by first name and shows the four steps exactly', async () => {
    setSession(testSession({ token: 't', id: 1, first_name: 'Ana' }));
    await open();
    expect(root().querySelector('h1')?.textContent).toBe('Almost Done Ana!');
    const steps = [...root().querySelectorAll('.timeline__step')].map((li) => [
      li.querySelector('.timeline__time')?.textContent,
      li.querySelector('.timeline__title')?.textContent,
    ]);
    expect(steps).toEqual([
      ['5-10 minutes', 'Medical questionnaire'],
      ['24 hours or less', 'Doctor review and prescription'],
      ['Same-day', 'Pharmacy processing'],
      ['48 hours or less', 'Free 2-day express shipping'],
    ]);
    const link = [...root().querySelectorAll('a')].find(
      (a) => a.textContent === 'Complete Medical Form',
    );
    expect(link?.getAttribute('href')).toBe('/verify');
  });

  it('sends a visitor without a session to log in first', async () => {
    await open();
    expect(root().querySelector('h1')?.textContent).toBe('Almost Done!');
    const link = [...root().querySelectorAll('a')].find(
      (a) => a.textContent === 'Complete Medical Form',
    );
    expect(link?.getAttribute('href')).toBe('/login?page_ref=/verify');
  });
});
