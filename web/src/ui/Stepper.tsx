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
  /** Keys of passed steps that were skipped, not done: they get a dash and the word "Skipped". */
  skipped?: readonly string[];
}

/**
 * Numbered steps in a row: the done ones ticked (and said "done" to screen readers), a skipped
 * one drawn with a dash and "Skipped" (a patient must not read it as verified), the current one
 * marked with aria-current="step". Each item carries
 * data-state="done|skipped|current|upcoming".
 */
export function Stepper({ steps, current, label, classPrefix, skipped = [] }: StepperProps) {
  const cls = (element: string) =>
    classPrefix ? `stepper${element} ${classPrefix}${element}` : `stepper${element}`;
  return (
    <ol className={cls('')} aria-label={label}>
      {steps.map(({ key, label: text }, index) => {
        const state =
          index < current
            ? skipped.includes(key)
              ? 'skipped'
              : 'done'
            : index === current
              ? 'current'
              : 'upcoming';
        return (
          <li
            key={key}
            className={cls('__item')}
            data-step={key}
            data-state={state}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className={cls('__dot')} aria-hidden="true">
              {state === 'done' ? '\u2713' : state === 'skipped' ? '\u2013' : index + 1}
            </span>
            <span className={cls('__label')}>
              {text}
              {state === 'done' && <span className="visually-hidden"> (done)</span>}
              {state === 'skipped' && (
                <span className={cls('__note')}>
                  <span className="visually-hidden"> (</span>Skipped
                  <span className="visually-hidden">)</span>
                </span>
              )}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
