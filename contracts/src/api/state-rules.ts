/**
 * The per-state rules (issue 30 item 3): anyone reads the rules in force (the quiz, plan,
 * checkout, medical form, terms and FAQ); an admin reads them with their history, previews what a
 * change would touch (open carts and open orders in the states it moves) and saves it from the
 * version they opened. Intake owns them. Console paths are ours (BRIEF section 2).
 */
import { z } from 'zod';
import { stateRulesSchema } from '../rules/state-rules';
import { int } from './fields';
import { defineRoute } from './route';

const rulesInForce = {
  status: z.literal('success'),
  version: z.number().int().nonnegative(),
  rules: stateRulesSchema,
};

export const stateRulesChangeSchema = z.object({
  version: z.number().int().positive(),
  before: stateRulesSchema,
  after: stateRulesSchema,
  changedAt: z.iso.datetime(),
  /** The admin's name, or their account number when intake does not know it. */
  changedBy: z.string(),
});
export type StateRulesChange = z.infer<typeof stateRulesChangeSchema>;

export const stateRulesPreviewSchema = z.object({
  status: z.literal('success'),
  /** The states the change moves in or out of a rule. */
  states: z.array(z.string()),
  /** Unpaid carts of patients whose shipping address is in those states. */
  openCarts: z.number().int().nonnegative(),
  /** Paid orders there still in medical review or awaiting the patient. */
  openOrders: z.number().int().nonnegative(),
});
export type StateRulesPreview = z.infer<typeof stateRulesPreviewSchema>;

export const stateRulesInForce = defineRoute({
  method: 'get',
  path: '/api/state-rules',
  service: 'intake',
  auth: 'public',
  summary:
    'The per-state rules in force: blocked states, identity video states, Florida bill of rights states, refill restriction states and states the pharmacy cannot ship to, with their version.',
  response: z.object(rulesInForce),
});

export const consoleStateRules = defineRoute({
  method: 'get',
  path: '/api/console/state-rules',
  service: 'intake',
  auth: 'staff',
  staffRoles: [],
  summary: 'The per-state rules in force and their last changes (who, when, before and after).',
  response: z.object({ ...rulesInForce, history: z.array(stateRulesChangeSchema) }),
});

export const previewStateRules = defineRoute({
  method: 'post',
  path: '/api/console/state-rules/preview',
  service: 'intake',
  auth: 'staff',
  staffRoles: [],
  summary:
    'What saving these rules would touch: the states it moves, and the open carts (checkout) and open orders (forms) there. Changes nothing.',
  body: z.object({ rules: stateRulesSchema }),
  response: stateRulesPreviewSchema,
});

export const changeStateRules = defineRoute({
  method: 'put',
  path: '/api/console/state-rules',
  service: 'intake',
  auth: 'staff',
  staffRoles: [],
  summary:
    'Replaces the per-state rules, made from `fromVersion` (409 when another admin saved first). Versioned, audited and published to every service that reads them.',
  body: z.object({
    fromVersion: int(0),
    rules: stateRulesSchema,
  }),
  response: z.object({ ...rulesInForce, history: z.array(stateRulesChangeSchema) }),
});
