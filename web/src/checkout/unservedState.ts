/** The unserved-state check with the rules in force (useUnservedState.ts loads it after the page). */
import { unservedStateMessage } from '@clinic/contracts';
import { fetchStateRules } from '../api/stateRules';
import type { UnservedState } from './useUnservedState';

export async function loadUnservedState(): Promise<UnservedState> {
  const rules = await fetchStateRules();
  return (state) => unservedStateMessage(rules, state);
}
