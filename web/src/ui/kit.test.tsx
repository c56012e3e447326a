import { act } from 'react';
import { render, type Rendered } from '../test-utils/render';
import { AttachmentComposer, ProgressBar, Section, useAsyncAction, useFileDrop } from '.';

let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

describe('ProgressBar', () => {
  it('is a named progressbar filled to its percent', async () => {
    view = await render(<ProgressBar className="bar" label="Upload progress" percent={40} />);
    const bar = view.container.querySelector('[role="progressbar"]')!;
    expect(bar.getAttribute('aria-label')).toBe('Upload progress');
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(bar.querySelector('span')!.style.width).toBe('40%');
  });
});

describe('Section', () => {
  it('is a card named by its heading, with the action beside the title', async () => {
    view = await render(
      <Section
        className="billing"
        title="Past Payments"
        action={<button>Update</button>}
        headClassName="head"
      >
        <p>none</p>
      </Section>,
    );
    const section = view.container.querySelector('section')!;
    const heading = section.querySelector('h2')!;
    expect(section.className).toBe('card billing');
    expect(section.getAttribute('aria-labelledby')).toBe(heading.id);
    expect(heading.textContent).toBe('Past Payments');
    expect(section.querySelector('.head button')!.textContent).toBe('Update');
  });
});

describe('useAsyncAction', () => {
  function Harness({ call, onDone }: { call: () => Promise<unknown>; onDone(text: string): void }) {
    const action = useAsyncAction(onDone);
    return (
      <>
        <button onClick={() => void action.run(call, 'Shipped.', 'ship')}>Ship</button>
        <output>{`${action.running ?? 'idle'}|${action.error ?? ''}`}</output>
      </>
    );
  }

  it('names the running action, says the failure, and hands the done text on success', async () => {
    const done = jest.fn();
    let finish!: (ok: boolean) => void;
    const call = () =>
      new Promise((resolve, reject) => {
        finish = (ok) => (ok ? resolve(null) : reject(new Error('The label could not print.')));
      });
    view = await render(<Harness call={call} onDone={done} />);
    const output = () => view!.container.querySelector('output')!.textContent;
    await act(async () => view!.container.querySelector('button')!.click());
    expect(output()).toBe('ship|');
    await act(async () => finish(false));
    expect(output()).toBe('idle|The label could not print.');
    expect(done).not.toHaveBeenCalled();
    await act(async () => view!.container.querySelector('button')!.click());
    expect(output()).toBe('ship|');
    await act(async () => finish(true));
    expect(output()).toBe('idle|');
    expect(done).toHaveBeenCalledWith('Shipped.');
  });
});

describe('AttachmentComposer', () => {
  const pdf = (name: string) => new File(['%PDF'], name, { type: 'application/pdf' });

  it('shows each chosen file with Remove, and takes no more files once full', async () => {
    const removed = jest.fn();
    const compose = (files: File[]) => (
      <AttachmentComposer
        look="chips"
        className="composer"
        barClassName="bar"
        inputId="composer-file"
        files={files}
        accept=".pdf"
        maxFiles={2}
        fileIcon={() => null}
        onChoose={() => undefined}
        onRemove={removed}
        onSubmit={(event) => event.preventDefault()}
        text={<textarea aria-label="Message" />}
        actions={<button type="submit">Send</button>}
      />
    );
    view = await render(compose([pdf('a.pdf')]));
    const root = view.container;
    const list = root.querySelector('[aria-label="Files to send"]')!;
    expect(list.textContent).toContain('a.pdf');
    const attach = () => root.querySelector<HTMLButtonElement>('[aria-label="Attach a file"]')!;
    expect(attach().disabled).toBe(false);
    expect(root.querySelector<HTMLInputElement>('#composer-file')!.accept).toBe('.pdf');
    await act(async () =>
      root.querySelector<HTMLButtonElement>('[aria-label="Remove a.pdf"]')!.click(),
    );
    expect(removed).toHaveBeenCalledWith(0);
    await view.unmount();
    view = await render(compose([pdf('a.pdf'), pdf('b.pdf')]));
    expect(
      view.container.querySelector<HTMLButtonElement>('[aria-label="Attach a file"]')!.disabled,
    ).toBe(true);
  });
});

describe('useFileDrop', () => {
  function Zone({ onPick }: { onPick(file: File | undefined): void }) {
    const { dragging, dropProps } = useFileDrop(onPick);
    return (
      <label className={dragging ? 'zone zone--over' : 'zone'} {...dropProps}>
        Drop a photo
      </label>
    );
  }

  function drag(target: Element, type: string, files: File[] = []) {
    const event = new Event(type, { bubbles: true, cancelable: true });
    Object.defineProperty(event, 'dataTransfer', { value: { files } });
    act(() => {
      target.dispatchEvent(event);
    });
    return event;
  }

  it('highlights while a file is held over it and hands the dropped file on', async () => {
    const picked: (File | undefined)[] = [];
    view = await render(<Zone onPick={(file) => picked.push(file)} />);
    const zone = view.container.querySelector('label')!;
    const over = drag(zone, 'dragover');
    expect(over.defaultPrevented).toBe(true);
    expect(zone.className).toBe('zone zone--over');
    drag(zone, 'dragleave');
    expect(zone.className).toBe('zone');
    const photo = new File(['x'], 'id.png', { type: 'image/png' });
    drag(zone, 'dragover');
    const dropped = drag(zone, 'drop', [photo]);
    expect(dropped.defaultPrevented).toBe(true);
    expect(zone.className).toBe('zone');
    expect(picked).toEqual([photo]);
  });
});
