import { act } from 'react';
import { render, type Rendered } from '../test-utils/render';
import { AppGate, MAX_EXTRA_WAIT_MS } from './AppGate';

let view: Rendered | undefined;

beforeEach(() => jest.useFakeTimers());
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  jest.useRealTimers();
});

function progress(): string | null | undefined {
  return view?.container.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow');
}

const advance = (ms: number) => act(async () => void jest.advanceTimersByTime(ms));

describe('AppGate (loading screen)', () => {
  it('counts one step every 30 ms and shows the app at 100 once start-up work settled', async () => {
    view = await render(
      <AppGate ready={Promise.resolve()}>
        <p>the app</p>
      </AppGate>,
    );
    expect(progress()).toBe('0');
    await advance(30);
    expect(progress()).toBe('1');
    await advance(30 * 49);
    expect(progress()).toBe('50');
    expect(view.container.textContent).toContain('50%');
    expect(view.container.textContent).not.toContain('the app');
    await advance(30 * 50);
    expect(view.container.textContent).toBe('the app');
  });

  it('renders the app after a failed start-up call too', async () => {
    const failed = Promise.reject(new Error('products unavailable'));
    failed.catch(() => {});
    view = await render(
      <AppGate ready={failed}>
        <p>the app</p>
      </AppGate>,
    );
    await advance(30 * 100);
    expect(view.container.textContent).toBe('the app');
  });

  it('waits for start-up work still running at 100, but not forever', async () => {
    view = await render(
      <AppGate ready={new Promise(() => {})}>
        <p>the app</p>
      </AppGate>,
    );
    await advance(30 * 100);
    expect(progress()).toBe('100');
    await advance(MAX_EXTRA_WAIT_MS);
    expect(view.container.textContent).toBe('the app');
  });
});
