/**
 * The quiz's state: the answers, mirrored to sessionStorage on every change so a reload resumes
 * where the visitor was, and the current step, which is the browser history entry's (see
 * quizHistory.ts): each step is an entry on the same path, so Back and Forward move between steps.
 */
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { emptyDraft, type IntakeDraft } from './draft';
import { readIntake, writeIntake } from './intakeStore';
import { quizEntryOf, quizMove, type QuizEntry } from './quizHistory';

/** The step the draft says (a reload, or a visit from another page, resumes there). */
function storedEntry(): QuizEntry {
  const step = readIntake()?.step ?? 1;
  return { intakeStep: step, firstStep: step };
}

export function useIntake() {
  const location = useLocation();
  const navigate = useNavigate();
  const [arrival] = useState(() => {
    const stored = readIntake();
    const step = stored?.step ?? 1;
    return {
      key: location.key,
      draft: stored?.draft ?? emptyDraft,
      // The entry we arrived on is believed only if it agrees with the draft: the draft decides.
      trusted: quizEntryOf(location.state)?.intakeStep === step,
    };
  });
  const [draft, setDraft] = useState<IntakeDraft>(arrival.draft);

  const fromHistory = quizEntryOf(location.state);
  const usable = fromHistory !== null && (arrival.trusted || location.key !== arrival.key);
  const { intakeStep: step, firstStep } = usable ? fromHistory : storedEntry();

  // An entry without the quiz's state (arrival, a link to /) becomes the shown step's entry.
  const { pathname, search, hash } = location;
  useEffect(() => {
    if (usable) return;
    const state: QuizEntry = { intakeStep: step, firstStep };
    void navigate({ pathname, search, hash }, { replace: true, state });
  }, [usable, step, firstStep, pathname, search, hash, navigate]);

  useEffect(() => writeIntake({ step, draft }), [step, draft]);

  const update = useCallback((patch: Partial<IntakeDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
  }, []);

  /** Shows step `to`: forward pushes an entry; back goes back through the history when it can. */
  const goTo = useCallback(
    (to: number) => {
      const move = quizMove({ intakeStep: step, firstStep }, to);
      const here = { pathname, search, hash };
      if (move.kind === 'history') void navigate(move.delta);
      else if (move.kind === 'push') void navigate(here, { state: move.entry });
      else if (move.kind === 'replace') void navigate(here, { replace: true, state: move.entry });
    },
    [step, firstStep, pathname, search, hash, navigate],
  );

  return { step, draft, update, goTo };
}
