/**
 * The per-state rules in force as a query (stateRules.ts), for a page that checks a state before
 * it acts: their route's schema downloads with the first check, not with the page. A check asks
 * again when its copy is older than it allows (the plan page: a minute).
 */
import { queryOptions } from '@tanstack/react-query';
import type { StateRules } from '@clinic/contracts';

export const stateRulesQuery = queryOptions<StateRules>({
  queryKey: ['state-rules'] as const,
  queryFn: async () => (await import('./stateRules')).fetchStateRules(),
});
