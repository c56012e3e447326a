/**
 * Test helpers for the account pages. They render a data router (`createMemoryRouter` +
 * `RouterProvider`), as the app does, because /login's hand-over to the next page depends on
 * how the data router commits navigations.
 */
import { act, type ReactNode } from 'react';
import {
  createMemoryRouter,
  Outlet,
  RouterProvider,
  useLocation,
  type RouteObject,
} from 'react-router-dom';
import { Header } from '../../components/Header';
import '../../test-utils/requestStub';
import { render, type Rendered } from '../../test-utils/render';

/** Shows the router's location, so tests can read where a page went. */
function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

function Frame() {
  return (
    <>
      <Header />
      <Outlet />
      <Where />
    </>
  );
}

/** Renders `routes` (plus a header and the location readout) at `path`. */
export async function renderRoutes(routes: RouteObject[], path: string): Promise<Rendered> {
  const router = createMemoryRouter([{ element: <Frame />, children: routes }], {
    initialEntries: [path],
  });
  return render(<RouterProvider router={router} />);
}

export function where(view: Rendered): string | null | undefined {
  return view.container.querySelector('[data-testid="where"]')?.textContent;
}

/** A stand-in page that says which route it is. */
export function Stub({ name }: { name: string }): ReactNode {
  return <p data-testid="stub">{name}</p>;
}

/** The input whose label reads `label` exactly. */
export function input(view: Rendered, label: string): HTMLInputElement {
  const found = [...view.container.querySelectorAll('label')].find((l) => l.textContent === label);
  const el = found && view.container.ownerDocument.getElementById(found.htmlFor);
  if (!(el instanceof HTMLInputElement)) throw new Error(`no input labelled "${label}"`);
  return el;
}

/** Types into a React-controlled input (the native setter, then an input event). */
export async function type(el: HTMLInputElement, value: string): Promise<void> {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Submits the page's form and lets the request and the resulting renders settle. */
export async function submit(view: Rendered): Promise<void> {
  const form = view.container.querySelector('form');
  if (!form) throw new Error('no form');
  await act(async () => {
    form.requestSubmit();
  });
  await settle();
}

/** Lets pending promises (fetch mock, router navigation) run and React commit. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) {
    await act(async () => {
      await Promise.resolve();
    });
  }
}

export function button(view: Rendered, name: string): HTMLButtonElement {
  const found = [...view.container.querySelectorAll('button')].find((b) => b.textContent === name);
  if (!found) throw new Error(`no button "${name}"`);
  return found;
}

export function alertText(view: Rendered): string | null | undefined {
  return view.container.querySelector('[role="alert"]')?.textContent;
}

export function link(view: Rendered, text: string): HTMLAnchorElement | undefined {
  return [...view.container.querySelectorAll('a')].find((a) => a.textContent === text);
}
