/**
 * The quiz's state (current step and answers), mirrored to sessionStorage on every change so a
 * reload resumes where the visitor was.
 */
import { useCallback, useEffect, useState } from 'react';
import { emptyDraft, type IntakeDraft } from './draft';
import { readIntake, writeIntake, type StoredIntake } from './intakeStore';

export function useIntake() {
  const [state, setState] = useState<StoredIntake>(
    () => readIntake() ?? { step: 1, draft: emptyDraft },
  );

  useEffect(() => writeIntake(state), [state]);

  const update = useCallback((patch: Partial<IntakeDraft>) => {
    setState((current) => ({ ...current, draft: { ...current.draft, ...patch } }));
  }, []);

  const goTo = useCallback((step: number) => {
    setState((current) => ({ ...current, step }));
  }, []);

  return { step: state.step, draft: state.draft, update, goTo };
}
