/**
 * The per-state rules (issue 30 item 3), kept as data by intake (the setting `state-rules`) and
 * copied by every service that reads one: where the program is not available (the quiz sends the
 * visitor to /sorry, checkout refuses), where the bare-medication form is followed by an identity
 * video, which states show the Florida Patient Bill of Rights, where the refill form asks its
 * state restriction, and where the pharmacy cannot ship. The seed is today's rules (spec 000
 * section 9, spec 002 sections 4 and 9); the browser and the services read the same value.
 */
import { z } from 'zod';
import { stateCodes } from '../constants/states';
import { stateRulesSeed } from './state-rule-checks';

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

/** The setting as intake keeps it and every reader copies it (the kit's defineSetting). */
export const stateRulesSetting = {
  key: stateRulesKey,
  schema: stateRulesSchema,
  seed: stateRulesSeed,
};
