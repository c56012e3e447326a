/**
 * DOM helpers for the intake, report and plan tests: events as a browser sends them (React reads
 * input values through the native setters), each wrapped in act(), and a router harness that
 * shows where the app navigated.
 */
import { act, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  MemoryRouter,
  Route,
  RouterProvider,
  Routes,
  createBrowserRouter,
  useLocation,
} from 'react-router-dom';
import {
  offerPlans,
  stateRulesSeed,
  type OfferPlans,
  type Product,
  type StateRules,
} from '@clinic/contracts';
import { stateRulesQuery } from '../../api/stateRulesQuery';
import { offersQuery } from '../../catalog/useOffers';
import { productsQuery } from '../../catalog/useProducts';
import { render, type Rendered } from '../../test-utils/render';
import '../../test-utils/requestStub';

function setNativeValue(element: HTMLInputElement | HTMLSelectElement, value: string) {
  const proto = Object.getPrototypeOf(element) as object;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  setter?.call(element, value);
}

export async function type(element: HTMLInputElement, value: string): Promise<void> {
  await act(async () => {
    element.focus();
    setNativeValue(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export async function choose(element: HTMLSelectElement, value: string): Promise<void> {
  await act(async () => {
    setNativeValue(element, value);
    element.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

export async function click(element: Element): Promise<void> {
  await act(async () => {
    (element as HTMLElement).click();
  });
}

/** A paste event carrying `text` (jsdom has no ClipboardEvent with data). */
export async function paste(element: HTMLInputElement, text: string): Promise<Event> {
  const event = new Event('paste', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'clipboardData', { value: { getData: () => text } });
  await act(async () => {
    element.focus();
    element.dispatchEvent(event);
  });
  return event;
}

export async function keyDown(element: HTMLElement, key: string): Promise<void> {
  await act(async () => {
    element.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });
}

/** Lets pending promises (mocked fetch answers) settle and React apply their updates. */
export async function flush(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

export function buttonByText(root: ParentNode, text: string): HTMLButtonElement {
  const button = [...root.querySelectorAll('button')].find((b) => b.textContent?.trim() === text);
  if (!button) throw new Error(`No button "${text}"`);
  return button;
}

export function byLabel<T extends HTMLElement = HTMLInputElement>(
  root: ParentNode,
  label: string,
): T {
  for (const element of root.querySelectorAll<HTMLElement>('[aria-label]')) {
    if (element.getAttribute('aria-label') === label) return element as T;
  }
  for (const node of root.querySelectorAll('label')) {
    if (node.textContent?.trim() === label && node.htmlFor) {
      const target = root.querySelector<T>(`#${node.htmlFor}`);
      if (target) return target;
    }
  }
  throw new Error(`No field labelled "${label}"`);
}

export function alertText(root: ParentNode): string | null {
  return root.querySelector('[role="alert"]')?.textContent ?? null;
}

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

export function where(view: Rendered): string | null {
  return view.container.querySelector('[data-testid="where"]')?.textContent ?? null;
}

/** Renders `page` at `path` with a router (other paths render nothing) and a product catalog. */
export async function renderPage(
  path: string,
  pages: Record<string, ReactNode>,
  products: Product[] = [],
  offers: OfferPlans = offerPlans,
  stateRules: StateRules = stateRulesSeed,
): Promise<Rendered> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(productsQuery.queryKey, products);
  queryClient.setQueryData(offersQuery.queryKey, offers);
  queryClient.setQueryData(stateRulesQuery.queryKey, stateRules);
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          {Object.entries(pages).map(([route, element]) => (
            <Route key={route} path={route} element={element} />
          ))}
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/**
 * Renders `pages` on the window's own history (jsdom's), at `path` pushed as a new entry after
 * whatever the test put there before, or with `path` null on the current entry as a reload finds
 * it. Back and Forward are the browser's (`historyGo`). Unmounting also stops the router
 * listening to the window.
 */
export async function renderOnBrowserHistory(
  path: string | null,
  pages: Record<string, ReactNode>,
): Promise<Rendered> {
  if (path !== null) window.history.pushState(null, '', path);
  const router = createBrowserRouter([
    ...Object.entries(pages).map(([route, element]) => ({
      path: route,
      element: (
        <>
          {element}
          <Where />
        </>
      ),
    })),
    { path: '*', element: <Where /> },
  ]);
  const view = await render(<RouterProvider router={router} />);
  return {
    ...view,
    async unmount() {
      await view.unmount();
      router.dispose();
    },
  };
}

/** Does `action`, which moves through the history, and waits for the page to follow. */
export async function untilPopstate(action: () => void): Promise<void> {
  await act(async () => {
    const popped = new Promise((resolve) =>
      window.addEventListener('popstate', resolve, { once: true }),
    );
    action();
    await popped;
  });
  await flush();
}

/** The browser's Back (-1) or Forward (+1). */
export function historyGo(delta: number): Promise<void> {
  return untilPopstate(() => window.history.go(delta));
}
