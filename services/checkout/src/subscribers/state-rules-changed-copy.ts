/**
 * Checkout's copy of intake's per-state rules (`state-rules-changed`): one instance applies each
 * change to checkout's own `settings` (only forward: a repeated or late event changes nothing),
 * and every instance reads it through a cache at most a second old, so a state an admin blocks
 * is refused at checkout by every process within a second, with no restart.
 */
import { stateRulesCopy } from '@clinic/contracts';
import { settingCopy, type ServiceRuntime } from '@clinic/kit';

export function stateRulesChangedCopy(runtime: ServiceRuntime) {
  return settingCopy(runtime, stateRulesCopy);
}

export type CheckoutStateRules = ReturnType<typeof stateRulesChangedCopy>['cache'];
