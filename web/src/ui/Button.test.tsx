import { act } from 'react';
import { render, type Rendered } from '../test-utils/render';
import { Button } from './Button';

let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

const button = () => view!.container.querySelector('button')!;

describe('Button', () => {
  it('is a plain button by default, so it never submits a form by accident', async () => {
    const submit = jest.fn((event: Event) => event.preventDefault());
    view = await render(
      <form onSubmit={(event) => submit(event.nativeEvent)}>
        <Button>Apply</Button>
      </form>,
    );
    expect(button().type).toBe('button');
    await act(async () => button().click());
    expect(submit).not.toHaveBeenCalled();
  });

  it('does nothing when clicked while disabled', async () => {
    const onClick = jest.fn();
    view = await render(
      <Button disabled onClick={onClick}>
        Pay
      </Button>,
    );
    await act(async () => button().click());
    expect(button().disabled).toBe(true);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('while busy: disabled, aria-busy, and says what it is doing', async () => {
    const onClick = jest.fn();
    view = await render(
      <Button busy busyLabel="Saving..." onClick={onClick}>
        Save Password
      </Button>,
    );
    await act(async () => button().click());
    expect(onClick).not.toHaveBeenCalled();
    expect(button().disabled).toBe(true);
    expect(button().getAttribute('aria-busy')).toBe('true');
    expect(button().textContent).toBe('Saving...');

    await view.rerender(
      <Button busy={false} busyLabel="Saving..." onClick={onClick}>
        Save Password
      </Button>,
    );
    expect(button().disabled).toBe(false);
    expect(button().hasAttribute('aria-busy')).toBe(false);
    expect(button().textContent).toBe('Save Password');
    await act(async () => button().click());
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('maps variant and size to the design classes', async () => {
    view = await render(
      <Button variant="danger" size="small" className="extra">
        Yes
      </Button>,
    );
    expect(button().className).toBe('button button--danger button--small extra');
  });
});
