import { usStates } from '@clinic/contracts';
import type { StepProps } from './types';

const stateOptions = Object.entries(usStates);

/** Step 2: the state the visitor lives in (it decides whether we can treat them). */
export function StateStep({ draft, update }: StepProps) {
  return (
    <div className="quiz-field">
      <label className="quiz-field__label" htmlFor="intake-state">
        State
      </label>
      <select
        id="intake-state"
        className="quiz-input"
        autoComplete="address-level1"
        value={draft.state}
        onChange={(event) => update({ state: event.target.value })}
      >
        <option value="">Select your state</option>
        {stateOptions.map(([name, code]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
