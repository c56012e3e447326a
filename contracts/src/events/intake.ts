import { z } from 'zod';
import { visitIdSchema } from '../api/campaign-visit';
import { trackingDataSchema } from '../api/intake';
import { disqualificationReasons } from '../rules/disqualification';
import { stateRulesKey, stateRulesSchema, stateRulesSetting } from '../rules/state-rules';
import { defineEvent, type EventData } from './envelope';

/** The non-medical facts about a lead that marketing's funnel and checkout's eligibility need. */
const leadFacts = {
  leadId: z.number().int(),
  state: z.string(),
  tracking: trackingDataSchema.nullable(),
};

export const leadQualified = defineEvent({
  name: 'lead-qualified',
  version: 1,
  keyOf: (d) => String(d.leadId),
  description:
    "A quiz submission qualified: the lead is stored and the patient has an account (userId). bmi lets checkout apply the plan page's BMI minimum.",
  schema: z.object({
    ...leadFacts,
    userId: z.number().int(),
    newAccount: z.boolean(),
    bmi: z.number(),
  }),
});

export const leadDisqualified = defineEvent({
  name: 'lead-disqualified',
  version: 1,
  keyOf: (d) => String(d.leadId),
  description:
    "A lead was tagged disqualified: at quiz submission (state, age, BMI) or by the plan page's BMI check.",
  schema: z.object({
    ...leadFacts,
    userId: z.number().int().nullable(),
    reason: z.enum(disqualificationReasons),
  }),
});

export const campaignVisited = defineEvent({
  name: 'campaign-visited',
  version: 1,
  keyOf: (d) => d.visitId,
  description:
    "A browser arrived with campaign parameters (the funnel's first step); visitId is its tab's random tracking session id, tied to no person.",
  schema: z.object({ visitId: visitIdSchema, tracking: trackingDataSchema }),
});

/**
 * An admin changed the per-state rules (intake owns them): the whole rule set and its version,
 * so each service's copy is the owner's value, and a late or repeated event never moves a copy
 * back (the kit's `applyCopy`).
 */
export const stateRulesChanged = defineEvent({
  name: 'state-rules-changed',
  version: 1,
  keyOf: () => stateRulesKey,
  description:
    'The per-state rules changed: the whole rule set (blocked states, identity video, Florida bill of rights, refill restriction, no shipping) at its new version.',
  schema: z.object({
    version: z.number().int().positive(),
    rules: stateRulesSchema,
    changedAt: z.iso.datetime(),
  }),
});

/**
 * How a reading service keeps its copy of the per-state rules (the kit's `settingCopy`): the
 * setting, the event that carries each change, the copy's subscriber and what an event holds.
 */
export const stateRulesCopy = {
  definition: stateRulesSetting,
  event: stateRulesChanged,
  subscriberName: 'keep-state-rules',
  changeOf: (data: EventData<typeof stateRulesChanged>) => ({
    version: data.version,
    value: data.rules,
  }),
};
