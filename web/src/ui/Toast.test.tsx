import { act } from 'react';
import { render, type Rendered } from '../test-utils/render';
import { TOAST_MS, ToastRegion, useToasts, type ToastKind } from './Toast';

let view: Rendered | undefined;
let showToast: (kind: ToastKind, text: string) => void = () => {};

beforeEach(() => jest.useFakeTimers());
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  jest.useRealTimers();
});

function Harness() {
  const { toasts, show } = useToasts();
  showToast = show;
  return <ToastRegion toasts={toasts} />;
}

const shown = () =>
  [...view!.container.querySelectorAll('[role="status"]')].map((t) => t.textContent);

describe('toasts', () => {
  it('are polite live regions that go away after TOAST_MS', async () => {
    view = await render(<Harness />);
    act(() => showToast('success', 'Billing details updated successfully'));
    expect(shown()).toEqual(['Billing details updated successfully']);

    act(() => jest.advanceTimersByTime(TOAST_MS - 1));
    expect(shown()).toHaveLength(1);
    act(() => jest.advanceTimersByTime(1));
    expect(shown()).toEqual([]);
  });

  it('each keep their own time and kind', async () => {
    view = await render(<Harness />);
    act(() => showToast('success', 'First'));
    act(() => jest.advanceTimersByTime(1000));
    act(() => showToast('error', 'Second'));
    expect(view.container.querySelector('[data-toast="error"]')?.textContent).toBe('Second');
    act(() => jest.advanceTimersByTime(TOAST_MS - 1000));
    expect(shown()).toEqual(['Second']);
  });
});
