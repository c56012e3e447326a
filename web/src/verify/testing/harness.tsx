/**
 * Helpers for the /verify tests. They work under jest's fake timers (the 1.5 s and 60 s waits):
 * nothing here waits on a real timer, and the API is a table of answers per call.
 */
import { act, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { installFetchMock, jsonResponse, type FetchMock } from '../../test-utils/fetchMock';
import { render, type Rendered } from '../../test-utils/render';

/** An answer: status and body, a thrown network error, or a promise that never settles. */
export type Answer = { status: number; body?: unknown } | 'network' | 'hang';

export interface FakeApi {
  fetch: FetchMock;
  /** Queues answers for "METHOD /path"; the last one repeats. */
  on(call: string, ...answers: Answer[]): void;
  /** The JSON bodies sent to "METHOD /path", in order (undefined when none). */
  sent(call: string): unknown[];
  /** Every call made, as "METHOD /path". */
  calls(): string[];
}

export function fakeApi(): FakeApi {
  const fetch = installFetchMock();
  const table = new Map<string, Answer[]>();
  fetch.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const queue = table.get(key);
    const answer = queue && (queue.length > 1 ? queue.shift()! : queue[0]!);
    if (!answer) return jsonResponse(404, { status: 'error', message: `No answer for ${key}` });
    if (answer === 'network') throw new TypeError('Failed to fetch');
    if (answer === 'hang') return new Promise<Response>(() => {});
    return jsonResponse(answer.status, answer.body);
  });
  const callsOf = () =>
    fetch.mock.calls.map(([input, init]) => ({
      key: `${init?.method ?? 'GET'} ${String(input)}`,
      body: init?.body === undefined ? undefined : (JSON.parse(String(init.body)) as unknown),
    }));
  return {
    fetch,
    on(call, ...answers) {
      table.set(call, answers);
    },
    sent: (call) =>
      callsOf()
        .filter((c) => c.key === call)
        .map((c) => c.body),
    calls: () => callsOf().map((c) => c.key),
  };
}

export const ok = (body: unknown): Answer => ({ status: 200, body });
export const fail = (status: number, message?: string, extra: object = {}): Answer => ({
  status,
  body:
    message === undefined ? { status: 'error', ...extra } : { status: 'error', message, ...extra },
});

export const codeSent = (sentTo = '***-***-1234', resendIn = 60) =>
  ok({
    status: 'success',
    message: 'Verification code sent.',
    resend_in: resendIn,
    sent_to: sentTo,
  });

/** Lets the fetch mock's promises settle and React commit, without any real timer. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 10; i += 1) {
    await act(async () => {
      await Promise.resolve();
    });
  }
}

/** Moves the fake clock on, then lets what it started settle. */
export async function advance(ms: number): Promise<void> {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
  await flush();
}

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

/** Renders `page` at /verify, with stand-ins for the pages it may go to. */
export async function renderAt(path: string, page: ReactNode): Promise<Rendered> {
  const view = await render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/verify" element={page} />
        <Route path="*" element={<p data-testid="elsewhere" />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  await flush();
  return view;
}

export function where(view: Rendered): string | null {
  return view.container.querySelector('[data-testid="where"]')?.textContent ?? null;
}

export function $<T extends Element = HTMLElement>(root: ParentNode, selector: string): T {
  const found = root.querySelector<T>(selector);
  if (!found) throw new Error(`Nothing matches ${selector}`);
  return found;
}

// Typing, choosing and keys work as in the quiz's tests; clicks here also let fetches settle.
export { choose, keyDown, paste, type } from '../../intake/testing/dom';

export async function click(element: Element): Promise<void> {
  await act(async () => {
    (element as HTMLElement).click();
  });
  await flush();
}

export async function submit(form: HTMLFormElement): Promise<void> {
  await act(async () => {
    form.requestSubmit();
  });
  await flush();
}

export const alertText = (root: ParentNode) =>
  root.querySelector('[role="alert"]')?.textContent ?? null;
export const statusText = (root: ParentNode) =>
  [...root.querySelectorAll('[role="status"]')].map((s) => s.textContent).join(' | ') || null;
export const heading = (root: ParentNode) => root.querySelector('h1')?.textContent ?? null;
