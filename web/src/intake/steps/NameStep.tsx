import type { StepProps } from './types';

/** Step 3: first and last name. */
export function NameStep({ draft, update }: StepProps) {
  return (
    <div className="quiz-row">
      <div className="quiz-field">
        <label className="quiz-field__label" htmlFor="intake-first-name">
          First name
        </label>
        <input
          id="intake-first-name"
          className="quiz-input"
          autoComplete="given-name"
          value={draft.firstName}
          onChange={(event) => update({ firstName: event.target.value })}
        />
      </div>
      <div className="quiz-field">
        <label className="quiz-field__label" htmlFor="intake-last-name">
          Last name
        </label>
        <input
          id="intake-last-name"
          className="quiz-input"
          autoComplete="family-name"
          value={draft.lastName}
          onChange={(event) => update({ lastName: event.target.value })}
        />
      </div>
    </div>
  );
}
