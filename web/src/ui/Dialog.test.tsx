import { act, useState } from 'react';
import { render, type Rendered } from '../test-utils/render';
import { Dialog } from './Dialog';

let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

function press(key: string, shiftKey = false) {
  const target = document.activeElement ?? document.body;
  act(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key, shiftKey, bubbles: true }));
  });
}

/** An opener button and the dialog it opens: the way pages use it. */
function Harness({ busy = false }: { busy?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" id="opener" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Dialog
          title="Update Card"
          description="Pays the plan."
          busy={busy}
          onClose={() => setOpen(false)}
        >
          <button type="button" id="first">
            First
          </button>
          <button type="button" id="hidden" hidden>
            Hidden
          </button>
          <button type="button" id="last">
            Last
          </button>
        </Dialog>
      )}
    </>
  );
}

const byId = (id: string) => document.getElementById(id)!;
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');

async function openDialog(busy = false): Promise<void> {
  view = await render(<Harness busy={busy} />);
  byId('opener').focus();
  await act(async () => byId('opener').click());
}

describe('Dialog', () => {
  it('is a modal named by its title and described by its description', async () => {
    await openDialog();
    const box = dialog()!;
    expect(box.getAttribute('aria-modal')).toBe('true');
    expect(byId(box.getAttribute('aria-labelledby')!).textContent).toBe('Update Card');
    expect(byId(box.getAttribute('aria-describedby')!).textContent).toBe('Pays the plan.');
  });

  it('moves the focus in and keeps Tab inside, skipping hidden controls', async () => {
    await openDialog();
    expect(dialog()!.contains(document.activeElement)).toBe(true);

    byId('last').focus();
    press('Tab');
    expect(document.activeElement).toBe(byId('first'));

    press('Tab', true);
    expect(document.activeElement).toBe(byId('last'));

    // Focus that escaped the box is brought back to its first control.
    byId('opener').focus();
    press('Tab');
    expect(document.activeElement).toBe(byId('first'));
  });

  it('closes on Escape and gives the focus back to what had it', async () => {
    await openDialog();
    byId('first').focus();
    press('Escape');
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(byId('opener'));
  });

  it('stays open on Escape while busy', async () => {
    await openDialog(true);
    press('Escape');
    expect(dialog()).not.toBeNull();
    expect(dialog()!.getAttribute('aria-busy')).toBe('true');
  });

  it('keeps the page behind from scrolling while open', async () => {
    await openDialog();
    expect(document.body.style.overflow).toBe('hidden');
    press('Escape');
    expect(document.body.style.overflow).toBe('');
  });
});
