/**
 * The per-state rules (issue 30 item 3), kept as data by intake (the setting `state-rules`) and
 * copied by every service that reads one: where the program is not available (the quiz sends the
 * visitor to /sorry, checkout refuses), where the bare-medication form is followed by an identity
 * video, which states show the Florida Patient Bill of Rights, where the refill form asks its
 * state restriction, and where the pharmacy cannot ship. The seed is today's rules (spec 000
 * section 9, spec 002 sections 4 and 9); the browser and the services read the same value.
 */
import { z } from 'zod';
import { stateCodes, usStates } from '../constants/states';

/** The setting's key, in intake's `settings` and in each copy. */
export const stateRulesKey = 'state-rules';

const stateCode = z.enum(stateCodes as [string, ...string[]], {
  error: (issue) =>
    typeof issue.input === 'string' && issue.input.length <= 40
      ? `"${issue.input}" is not a US state code (two capital letters, e.g. WY).`
      : 'A state is a US state code (two capital letters, e.g. WY).',
});

/** One rule's states: known codes, each once. */
const stateList = z
  .array(stateCode)
  .max(stateCodes.length)
  .superRefine((states, ctx) => {
    const twice = states.filter((state, i) => states.indexOf(state) !== i);
    if (twice.length > 0) ctx.addIssue({ code: 'custom', message: `${twice[0]} is listed twice.` });
  });

export const stateRulesSchema = z
  .object({
    /** The program is not available: the quiz disqualifies, checkout refuses the address. */
    blockedStates: stateList,
    /** A bare-medication assessment is followed by an identity video. */
    identityVideoStates: stateList,
    /** The medical form shows the Florida Patient Bill of Rights. */
    floridaBillOfRightsStates: stateList,
    /** The refill form asks its state restriction question. */
    refillRestrictedStates: stateList,
    /** The pharmacy cannot ship here: checkout refuses the shipping address. */
    noShippingStates: stateList,
  })
  .strict();
export type StateRules = z.infer<typeof stateRulesSchema>;
export type StateRuleName = keyof StateRules;
export const stateRuleNames = Object.keys(stateRulesSchema.shape) as StateRuleName[];

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
  for (const rule of stateRuleNames) {
    for (const state of after[rule]) if (!before[rule].includes(state)) moved.add(state);
    for (const state of before[rule]) if (!after[rule].includes(state)) moved.add(state);
  }
  return [...moved].sort();
}

/** The setting as intake keeps it and every reader copies it (the kit's defineSetting). */
export const stateRulesSetting = {
  key: stateRulesKey,
  schema: stateRulesSchema,
  seed: stateRulesSeed,
};

export const stateRulesMessages = {
  /** Checkout's answer to a shipping address where the pharmacy cannot ship. */
  noShipping: (stateName: string) =>
    `Our pharmacy cannot ship to ${stateName} yet. Please use a shipping address in another state.`,
} as const;
