import { render, type Rendered } from '../test-utils/render';
import { Stepper } from './Stepper';

let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

const steps = [
  { key: 'address', label: 'Address' },
  { key: 'phone', label: 'Phone' },
  { key: 'email', label: 'Email' },
];

const items = () => [...view!.container.querySelectorAll('li')];

describe('Stepper', () => {
  it('marks the current step, and only it, with aria-current="step"', async () => {
    view = await render(<Stepper steps={steps} current={1} label="Verification steps" />);
    expect(items().map((li) => li.getAttribute('aria-current'))).toEqual([null, 'step', null]);
    expect(items().map((li) => li.dataset.state)).toEqual(['done', 'current', 'upcoming']);
  });

  it('tells screen readers which steps are done', async () => {
    view = await render(<Stepper steps={steps} current={1} label="Verification steps" />);
    expect(items().map((li) => li.textContent)).toEqual(['✓Address (done)', '2Phone', '3Email']);
  });

  it('draws a skipped step apart from a done one: a dash and "Skipped", said to screen readers too', async () => {
    view = await render(
      <Stepper steps={steps} current={2} label="Verification steps" skipped={['phone']} />,
    );
    expect(items().map((li) => li.dataset.state)).toEqual(['done', 'skipped', 'current']);
    const phone = items()[1]!;
    expect(phone.querySelector('.stepper__dot')!.textContent).toBe('\u2013');
    expect(phone.textContent).not.toContain('\u2713');
    expect(phone.textContent).toBe('\u2013Phone (Skipped)');
    // Visible, not only for screen readers.
    expect(phone.querySelector('.stepper__note')!.className).not.toContain('visually-hidden');
  });

  it('has no current step once every step is done', async () => {
    view = await render(<Stepper steps={steps} current={3} label="Verification steps" />);
    expect(items().some((li) => li.hasAttribute('aria-current'))).toBe(false);
  });

  it('is a list named by its label, with a page prefix next to the kit classes', async () => {
    view = await render(
      <Stepper steps={steps} current={0} label="Verification steps" classPrefix="verify-steps" />,
    );
    const list = view.container.querySelector('ol')!;
    expect(list.getAttribute('aria-label')).toBe('Verification steps');
    expect(list.className).toBe('stepper verify-steps');
    expect(items()[0]!.className).toBe('stepper__item verify-steps__item');
  });
});
