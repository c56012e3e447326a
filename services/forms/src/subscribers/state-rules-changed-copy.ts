/**
 * Forms' copy of intake's per-state rules (`state-rules-changed`): one instance applies each
 * change to forms' own `settings` (only forward: a repeated or late event changes nothing), and
 * every instance reads it through a cache at most a second old, so the identity video, the
 * Florida bill of rights and the refill restriction follow an admin's change in every process
 * within a second, with no restart.
 */
import { stateRulesCopy } from '@clinic/contracts';
import { settingCopy, type ServiceRuntime } from '@clinic/kit';

export function stateRulesChangedCopy(runtime: ServiceRuntime) {
  return settingCopy(runtime, stateRulesCopy);
}

export type FormsStateRules = ReturnType<typeof stateRulesChangedCopy>['cache'];
