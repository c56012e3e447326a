import { MemoryRouter } from 'react-router-dom';
import { setSession } from '../session/session';
import { render, type Rendered } from '../test-utils/render';
import { Header } from './Header';
import { testSession } from '../test-utils/session';

let view: Rendered | undefined;

beforeEach(() => localStorage.clear());
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

async function header(): Promise<Rendered> {
  view = await render(
    <MemoryRouter>
      <Header />
    </MemoryRouter>,
  );
  return view;
}

const links = (v: Rendered) =>
  [...v.container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
const buttons = (v: Rendered) =>
  [...v.container.querySelectorAll('button')].map((b) => b.textContent);

describe('Header', () => {
  it('leads a visitor to the start page, with no Log Out', async () => {
    const shown = await header();
    expect(links(shown)).toEqual(['/']);
    expect(buttons(shown)).toEqual([]);
  });

  it('leads a patient to the portal', async () => {
    setSession(testSession({ token: 't', id: 1, role: 'patient' }));
    const shown = await header();
    expect(links(shown)).toEqual(['/home']);
    expect(buttons(shown)).toEqual(['Log Out']);
  });

  it.each(['clinician', 'admin'] as const)(
    'leads %s staff to the console, never the portal',
    async (role) => {
      setSession(testSession({ token: 't', id: 2, role }));
      const shown = await header();
      expect(links(shown)).toEqual(['/console']);
      expect(buttons(shown)).toEqual(['Log Out']);
    },
  );
});
