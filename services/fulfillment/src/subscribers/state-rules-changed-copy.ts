/**
 * Fulfilment's copy of intake's per-state rules (`state-rules-changed`): one instance applies
 * each change to fulfilment's own `settings` (only forward: a repeated or late event changes
 * nothing), and every instance reads it through a cache at most a second old, so a shipment to a
 * state the pharmacy cannot ship to (or where the program stopped) is not placed, in every process
 * within a second of an admin's change, with no restart.
 */
import { stateRulesCopy } from '@clinic/contracts';
import { settingCopy, type ServiceRuntime } from '@clinic/kit';

export function stateRulesChangedCopy(runtime: ServiceRuntime) {
  return settingCopy(runtime, stateRulesCopy);
}

export type FulfillmentStateRules = ReturnType<typeof stateRulesChangedCopy>['cache'];
