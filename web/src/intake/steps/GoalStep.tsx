import type { StepProps } from './types';

/** Step 9: the goal weight; the quiz's submit button follows it. */
export function GoalStep({ draft, update }: StepProps) {
  return (
    <div className="quiz-field">
      <label className="quiz-field__label" htmlFor="intake-goal">
        Goal weight (lbs)
      </label>
      <input
        id="intake-goal"
        type="number"
        inputMode="decimal"
        className="quiz-input"
        min={80}
        max={700}
        value={draft.desiredWeight}
        onChange={(event) => update({ desiredWeight: event.target.value })}
      />
      {draft.weight !== '' && <p className="quiz-note">Your current weight: {draft.weight} lbs</p>}
    </div>
  );
}
