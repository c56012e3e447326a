/**
 * Helpers for the medical form's tests: the page or the questionnaire rendered in a memory
 * router at /medical-form/{id} with a stand-in for every other page, the fake API of the verify
 * tests (a table of answers per call), and a few ways to find and use the controls.
 */
import { act, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { render, type Rendered } from '../../test-utils/render';
import { flush } from '../../verify/testing/harness';

export {
  $,
  advance,
  choose,
  click,
  fail,
  fakeApi,
  flush,
  ok,
  type,
  type FakeApi,
} from '../../verify/testing/harness';

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

/** Renders `page` at `path` (/medical-form/:id), after `before` in the history when given. */
export async function renderForm(
  path: string,
  page: ReactNode,
  before: string[] = [],
): Promise<Rendered> {
  const view = await render(
    <MemoryRouter initialEntries={[...before, path]} initialIndex={before.length}>
      <Routes>
        <Route path="/medical-form/:id" element={page} />
        <Route path="*" element={<p data-testid="elsewhere" />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  await flush();
  return view;
}

export const where = (view: Rendered) =>
  view.container.querySelector('[data-testid="where"]')?.textContent ?? null;

/** The question shown: its id (data-question). */
export const questionId = (root: ParentNode) =>
  root.querySelector('main[data-page="medical-form"]')?.getAttribute('data-question') ?? null;

export const questionLabel = (root: ParentNode) =>
  root.querySelector('#mf-question-label')?.textContent ?? null;

export function button(root: ParentNode, text: string): HTMLButtonElement {
  const found = [...root.querySelectorAll('button')].find((b) => b.textContent?.trim() === text);
  if (!found) throw new Error(`No button "${text}"`);
  return found;
}

/** The option button or checkbox row whose text is `title`. */
export function option(root: ParentNode, title: string): HTMLElement {
  const found = [...root.querySelectorAll<HTMLElement>('.mf-option, .mf-check input')].find((el) =>
    el.tagName === 'INPUT'
      ? el.closest('label')?.textContent?.trim() === title
      : el.textContent?.trim() === title,
  );
  if (!found) throw new Error(`No option "${title}"`);
  return found;
}

export const checked = (root: ParentNode) =>
  [...root.querySelectorAll<HTMLInputElement>('.mf-check input')]
    .filter((i) => i.checked)
    .map((i) => i.closest('label')?.textContent?.trim());

/** Types into a textarea as a browser would (React reads the native setter). */
export async function typeText(element: HTMLTextAreaElement, value: string): Promise<void> {
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
    setter?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export const dialog = (root: Document | ParentNode = document) =>
  root.querySelector<HTMLElement>('[role="alertdialog"]');

/** Chooses `file` in the file input (as a browser's change event). */
export async function chooseFile(input: HTMLInputElement, file: File | null): Promise<void> {
  await act(async () => {
    Object.defineProperty(input, 'files', { value: file ? [file] : [], configurable: true });
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
