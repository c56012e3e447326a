/**
 * The state rules' console calls (contracts/src/api/state-rules.ts) through the typed client:
 * the rules with their history, a preview of what a change touches, and the change itself.
 */
import {
  changeStateRules,
  consoleStateRules,
  previewStateRules,
  type StateRules,
  type StateRulesPreview,
} from '@clinic/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../api/client';

export type StateRulesAnswer = z.infer<typeof consoleStateRules.response>;

export const consoleStateRulesQuery = queryOptions<StateRulesAnswer, Error>({
  queryKey: ['console-state-rules'],
  queryFn: () => callApi(consoleStateRules),
  retry: false,
});

export function previewChange(rules: StateRules): Promise<StateRulesPreview> {
  return callApi(previewStateRules, { body: { rules } });
}

export function saveChange(fromVersion: number, rules: StateRules): Promise<StateRulesAnswer> {
  return callApi(changeStateRules, { body: { fromVersion, rules } });
}
