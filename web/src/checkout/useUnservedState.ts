/**
 * Whether checkout serves a shipping state, by the per-state rules in force (an admin may change
 * them): said on the form before any card is charged. The rules and their checks load after the
 * page (unservedState.ts), so they add nothing to its first load; until they are there, every
 * state passes here and the server, which applies the same rules, answers instead.
 */
import { useEffect, useState } from 'react';

/** The message for a state checkout does not serve, or null. */
export type UnservedState = (state: string) => string | null;

const servedWhileLoading: UnservedState = () => null;

export function useUnservedState(): UnservedState {
  const [check, setCheck] = useState<UnservedState>(() => servedWhileLoading);
  useEffect(() => {
    let open = true;
    import('./unservedState')
      .then(({ loadUnservedState }) => loadUnservedState())
      .then(
        (loaded) => {
          if (open) setCheck(() => loaded);
        },
        () => undefined,
      );
    return () => {
      open = false;
    };
  }, []);
  return check;
}
