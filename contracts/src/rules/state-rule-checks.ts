/**
 * What the per-state rules (state-rules.ts) say of a state, without their zod schema: the quiz and
 * the checkout page read these on their first load, and the schema (with zod) is only for those
 * that check a change or an answer.
 */
import { usStates } from '../constants/states';
import type { StateRuleName, StateRules } from './state-rules';

/** Today's rules: the seed of the setting, before any admin changes it. */
export const stateRulesSeed: StateRules = {
  blockedStates: ['LA', 'MS', 'AL'],
  identityVideoStates: [
    'AR',
    'IN',
    'IA',
    'KS',
    'KY',
    'MT',
    'OK',
    'SC',
    'SD',
    'TX',
    'WV',
    'IL',
    'NJ',
    'OR',
    'VA',
    'WA',
  ],
  floridaBillOfRightsStates: ['FL'],
  refillRestrictedStates: ['MS', 'LA'],
  noShippingStates: [],
};

/** A state as a patient's record may hold it ("tx", "Texas"), as its two-letter code. */
export function stateCodeOf(state: string): string {
  const trimmed = state.trim();
  const byName = Object.keys(usStates).find((name) => name.toLowerCase() === trimmed.toLowerCase());
  return byName ? usStates[byName]! : trimmed.toUpperCase();
}

export function ruleHolds(rules: StateRules, rule: StateRuleName, state: string): boolean {
  return rules[rule].includes(stateCodeOf(state));
}

/**
 * The states a change moves in or out of any rule, in code order: the carts and orders there are
 * the ones it affects.
 */
export function statesAffectedBy(before: StateRules, after: StateRules): string[] {
  const moved = new Set<string>();
  for (const rule of Object.keys(after) as StateRuleName[]) {
    for (const state of after[rule]) if (!before[rule].includes(state)) moved.add(state);
    for (const state of before[rule]) if (!after[rule].includes(state)) moved.add(state);
  }
  return [...moved].sort();
}

/** The rules' names, in the order the admin page shows them. */
export const stateRuleNames = Object.keys(stateRulesSeed) as StateRuleName[];

export const stateRulesMessages = {
  /** Checkout's answer to a shipping address where the pharmacy cannot ship. */
  noShipping: (stateName: string) =>
    `Our pharmacy cannot ship to ${stateName} yet. Please use a shipping address in another state.`,
} as const;
