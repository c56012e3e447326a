/** Minimal rendering helper for jsdom tests (react-dom + act, no extra library). */
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

export interface Rendered {
  container: HTMLElement;
  rerender(ui: ReactNode): Promise<void>;
  unmount(): Promise<void>;
}

export async function render(ui: ReactNode): Promise<Rendered> {
  const container = document.createElement('div');
  document.body.appendChild(container);
  let root: Root | undefined;
  await act(async () => {
    root = createRoot(container);
    root.render(ui);
  });
  return {
    container,
    async rerender(next) {
      await act(async () => root?.render(next));
    },
    async unmount() {
      await act(async () => root?.unmount());
      container.remove();
    },
  };
}
