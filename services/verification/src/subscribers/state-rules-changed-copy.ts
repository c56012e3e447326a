/**
 * Verification's copy of intake's per-state rules (`state-rules-changed`): one instance applies
 * each change to verification's own `settings` (only forward: a repeated or late event changes
 * nothing), and every instance reads it through a cache at most a second old, so a shipping
 * address saved at /verify or in the portal is refused in a blocked state or one the pharmacy
 * cannot ship to, in every process within a second of an admin's change, with no restart.
 */
import { stateRulesCopy } from '@clinic/contracts';
import { settingCopy, type ServiceRuntime } from '@clinic/kit';

export function stateRulesChangedCopy(runtime: ServiceRuntime) {
  return settingCopy(runtime, stateRulesCopy);
}

export type VerificationStateRules = ReturnType<typeof stateRulesChangedCopy>['cache'];
