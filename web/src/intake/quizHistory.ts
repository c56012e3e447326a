/**
 * The quiz's steps as browser history entries, all on the same path: each step is an entry whose
 * state names the step, so the browser's Back and Forward move between steps instead of leaving
 * the site.
 *
 * `first` is the step of the oldest quiz entry in an unbroken run of entries, each pushed from the
 * step before it: behind an entry for step n lie n-1, n-2, ... down to `first`. Below `first`
 * there is no quiz entry to go back to (the quiz was resumed there after a reload in a new tab,
 * or entered from another page), so going back from `first` replaces the entry instead.
 */
import { intakeStepCount } from '@clinic/contracts';

export interface QuizEntry {
  intakeStep: number;
  firstStep: number;
}

const isStep = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= intakeStepCount;

/** The quiz entry a history state holds, or null (another page's state, an edited one, none). */
export function quizEntryOf(state: unknown): QuizEntry | null {
  if (typeof state !== 'object' || state === null) return null;
  const { intakeStep, firstStep } = state as Record<string, unknown>;
  if (!isStep(intakeStep) || !isStep(firstStep) || firstStep > intakeStep) return null;
  return { intakeStep, firstStep };
}

/** How to show step `to` from the entry of step `from`. */
export type QuizMove =
  | { kind: 'stay' }
  /** Back through the history entries already there, as the browser's Back does. */
  | { kind: 'history'; delta: number }
  /** A new entry after this one (a step forward). */
  | { kind: 'push'; entry: QuizEntry }
  /** No quiz entry to go back to: this entry becomes the earlier step. */
  | { kind: 'replace'; entry: QuizEntry };

export function quizMove(from: QuizEntry, to: number): QuizMove {
  if (to === from.intakeStep) return { kind: 'stay' };
  if (to > from.intakeStep) {
    // Only the next step keeps the run unbroken (nothing skips steps today).
    const firstStep = to === from.intakeStep + 1 ? from.firstStep : to;
    return { kind: 'push', entry: { intakeStep: to, firstStep } };
  }
  if (to >= from.firstStep) return { kind: 'history', delta: to - from.intakeStep };
  return { kind: 'replace', entry: { intakeStep: to, firstStep: to } };
}
