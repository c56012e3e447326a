import { useState } from 'react';
import { render, type Rendered } from '../test-utils/render';
import { Field } from './Field';
import { Select } from './Select';

let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

const byId = (id: string) => document.getElementById(id);

function describedBy(control: Element): string[] {
  const ids = control.getAttribute('aria-describedby');
  return ids ? ids.split(' ').map((id) => byId(id)?.textContent ?? `(missing #${id})`) : [];
}

function Controlled({ error, hint }: { error?: string; hint?: string }) {
  const [value, setValue] = useState('');
  return <Field label="Email" hint={hint} error={error} value={value} onValueChange={setValue} />;
}

describe('Field', () => {
  it('is named by its visible label', async () => {
    view = await render(<Controlled />);
    const input = view.container.querySelector('input')!;
    const label = view.container.querySelector('label')!;
    expect(label.htmlFor).toBe(input.id);
    expect(label.textContent).toBe('Email');
  });

  it('is valid and described by nothing without a hint or an error', async () => {
    view = await render(<Controlled />);
    const input = view.container.querySelector('input')!;
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
  });

  it('shows its error, marks the input invalid and links the error to it', async () => {
    view = await render(<Controlled hint="We send the code here." error="Enter a valid email." />);
    const input = view.container.querySelector('input')!;
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(input)).toEqual(['We send the code here.', 'Enter a valid email.']);
    expect(view.container.querySelector('.field__error')?.textContent).toBe('Enter a valid email.');
  });

  it('drops the error once it is fixed', async () => {
    view = await render(<Controlled error="Enter a valid email." />);
    await view.rerender(<Controlled />);
    const input = view.container.querySelector('input')!;
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(view.container.textContent).not.toContain('Enter a valid email.');
  });

  it('uses the id it is given (pages and tests find fields by id)', async () => {
    view = await render(<Field id="verify-city" label="City" value="" onValueChange={() => {}} />);
    expect(byId('verify-city')?.tagName).toBe('INPUT');
  });
});

describe('Select', () => {
  it('is wired like Field: label, error and aria-invalid', async () => {
    view = await render(
      <Select label="State" error="Choose a state." value="" onValueChange={() => {}}>
        <option value="">Choose</option>
        <option value="TX">Texas</option>
      </Select>,
    );
    const select = view.container.querySelector('select')!;
    expect(view.container.querySelector('label')!.htmlFor).toBe(select.id);
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(select)).toEqual(['Choose a state.']);
  });
});
