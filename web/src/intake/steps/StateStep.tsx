import type { StepProps } from './types';
import { StateOptions } from '../../components/StateOptions';

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
        <StateOptions placeholder="Select your state" />
      </select>
    </div>
  );
}
