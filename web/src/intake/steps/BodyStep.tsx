import type { StepProps } from './types';

/** Step 7: height in feet and inches, weight in lbs. */
export function BodyStep({ draft, update }: StepProps) {
  return (
    <>
      <fieldset className="quiz-fieldset">
        <legend className="quiz-field__label">Height</legend>
        <div className="quiz-row quiz-row--pair">
          <div className="quiz-field">
            <label className="quiz-field__sublabel" htmlFor="intake-feet">
              Feet
            </label>
            <input
              id="intake-feet"
              type="number"
              inputMode="numeric"
              className="quiz-input"
              min={4}
              max={8}
              value={draft.feet}
              onChange={(event) => update({ feet: event.target.value })}
            />
          </div>
          <div className="quiz-field">
            <label className="quiz-field__sublabel" htmlFor="intake-inches">
              Inches
            </label>
            <input
              id="intake-inches"
              type="number"
              inputMode="numeric"
              className="quiz-input"
              min={0}
              max={11}
              value={draft.inches}
              onChange={(event) => update({ inches: event.target.value })}
            />
          </div>
        </div>
      </fieldset>
      <div className="quiz-field">
        <label className="quiz-field__label" htmlFor="intake-weight">
          Weight (lbs)
        </label>
        <input
          id="intake-weight"
          type="number"
          inputMode="decimal"
          className="quiz-input"
          min={80}
          max={700}
          value={draft.weight}
          onChange={(event) => update({ weight: event.target.value })}
        />
      </div>
    </>
  );
}
