import './Stepper.css';

export interface Step {
  /** Stable key, also the item's data-step. */
  key: string;
  label: string;
}

interface StepperProps {
  steps: readonly Step[];
  /** Index of the current step; `steps.length` when every step is done. */
  current: number;
  /** The list's accessible name ("Verification steps"). */
  label: string;
  /** A page's own class prefix, added next to the kit's (`verify-steps`, `verify-steps__item`…). */
  classPrefix?: string;
}

/**
 * Numbered steps in a row: the done ones ticked (and said "done" to screen readers), the current
 * one marked with aria-current="step". Each item carries data-state="done|current|upcoming".
 */
export function Stepper({ steps, current, label, classPrefix }: StepperProps) {
  const cls = (element: string) =>
    classPrefix ? `stepper${element} ${classPrefix}${element}` : `stepper${element}`;
  return (
    <ol className={cls('')} aria-label={label}>
      {steps.map(({ key, label: text }, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'upcoming';
        return (
          <li
            key={key}
            className={cls('__item')}
            data-step={key}
            data-state={state}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className={cls('__dot')} aria-hidden="true">
              {state === 'done' ? '\u2713' : index + 1}
            </span>
            <span className={cls('__label')}>
              {text}
              {state === 'done' && <span className="visually-hidden"> (done)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
