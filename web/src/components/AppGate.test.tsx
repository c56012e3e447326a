import { act, lazy, type ComponentType, type ReactNode } from 'react';
import { MemoryRouter, useRoutes } from 'react-router-dom';
import { render, type Rendered } from '../test-utils/render';
import { AppGate } from './AppGate';
import { endLoadingScreen, LOADING_SCREEN_ID } from './LoadingScreen';

let view: Rendered | undefined;

beforeEach(() => {
  // What index.html paints before any script runs.
  const screen = document.createElement('div');
  screen.id = LOADING_SCREEN_ID;
  screen.setAttribute('role', 'progressbar');
  document.body.append(screen);
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  document.getElementById(LOADING_SCREEN_ID)?.remove();
});

const loadingScreen = () => document.getElementById(LOADING_SCREEN_ID);

/** A page whose code arrives when the test says so. */
function pageOnDemand() {
  let arrive!: (page: ComponentType) => void;
  const Page = lazy(
    () =>
      new Promise<{ default: ComponentType }>(
        (resolve) => (arrive = (c) => resolve({ default: c })),
      ),
  );
  return { Page, arrive: (page: ComponentType) => act(async () => arrive(page)) };
}

function Routes({ element }: { element: ReactNode }) {
  return useRoutes([{ element: <AppGate />, children: [{ path: '/', element }] }]);
}

describe('AppGate (end of the loading screen)', () => {
  it("keeps index.html's loading screen until the first page's code is there, then removes it", async () => {
    const { Page, arrive } = pageOnDemand();
    view = await render(
      <MemoryRouter>
        <Routes element={<Page />} />
      </MemoryRouter>,
    );
    expect(loadingScreen()).not.toBeNull();
    expect(view.container.textContent).toBe('');

    await arrive(() => <h1>Step 1 of 9</h1>);
    expect(view.container.textContent).toBe('Step 1 of 9');
    expect(loadingScreen()).toBeNull();
  });

  it('removes it at once when the page needs no download, with no counting to 100', async () => {
    view = await render(
      <MemoryRouter>
        <Routes element={<p>the app</p>} />
      </MemoryRouter>,
    );
    expect(view.container.textContent).toBe('the app');
    expect(loadingScreen()).toBeNull();
  });

  it('does nothing on a page without a loading screen, or when it is already gone', () => {
    endLoadingScreen();
    expect(loadingScreen()).toBeNull();
    expect(() => endLoadingScreen()).not.toThrow();
  });
});
