import type { IntakeDraft } from '../draft';

/** What every step's fields receive from the quiz. */
export interface StepProps {
  draft: IntakeDraft;
  update: (patch: Partial<IntakeDraft>) => void;
  /** Applies the patch and submits the step at once (the gender choice). */
  submitWith: (patch: Partial<IntakeDraft>) => void;
}
