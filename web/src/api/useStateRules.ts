/**
 * The per-state rules in force for a page that shows them (stateRules.ts), fetched once the page
 * is up: their route's schema downloads then, not with the page's first load.
 */
import type { StateRules } from '@clinic/contracts';
import { useEffect, useState } from 'react';

/** The rules, read when the page opens; undefined while they load or when they could not be read. */
export function useStateRules(): StateRules | undefined {
  const [rules, setRules] = useState<StateRules>();
  useEffect(() => {
    let open = true;
    import('./stateRules')
      .then(({ fetchStateRules }) => fetchStateRules())
      .then(
        (read) => {
          if (open) setRules(read);
        },
        // The page says it in general words instead; the server applies the rules whatever it shows.
        () => undefined,
      );
    return () => {
      open = false;
    };
  }, []);
  return rules;
}
