/**
 * What the report and plan pages need from the stored quiz: first name, state, weights and BMI. Null
 * when the quiz has not been answered this far (the visitor came straight to those pages).
 */
import { bmiOf, heightInInches, isValidHeight, isValidWeight } from '@clinic/contracts';
import { numberOf } from './draft';
import { readIntake } from './intakeStore';

export interface IntakeSummary {
  firstName: string;
  /** The state the visitor lives in, as the quiz took it. */
  state: string;
  weight: number;
  /** The goal weight, when the visitor gave a valid one. */
  desiredWeight: number | null;
  bmi: number;
}

export function readIntakeSummary(): IntakeSummary | null {
  const draft = readIntake()?.draft;
  if (!draft) return null;
  const feet = numberOf(draft.feet);
  const inches = numberOf(draft.inches);
  const weight = numberOf(draft.weight);
  if (!isValidHeight(feet, inches) || !isValidWeight(weight)) return null;
  const desired = numberOf(draft.desiredWeight);
  return {
    firstName: draft.firstName.trim(),
    state: draft.state,
    weight,
    desiredWeight: isValidWeight(desired) ? desired : null,
    bmi: bmiOf(weight, heightInInches(feet, inches)),
  };
}
