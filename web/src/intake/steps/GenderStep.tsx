import { genders } from '@clinic/contracts';
import type { StepProps } from './types';

/** Step 4: gender at birth; a choice advances at once (spec 000 section 4). */
export function GenderStep({ draft, submitWith }: StepProps) {
  return (
    <div className="quiz-choices" role="group" aria-label="Gender at birth">
      {genders.map((gender) => (
        <button
          key={gender}
          type="button"
          className="quiz-choice"
          aria-pressed={draft.gender === gender}
          onClick={() => submitWith({ gender })}
        >
          {gender}
        </button>
      ))}
    </div>
  );
}
