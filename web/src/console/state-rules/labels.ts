/** What each rule is called on the State rules page, and what it does, in the clinic's words. */
import type { StateRuleName } from '@clinic/contracts';

export const ruleLabels: Record<StateRuleName, { label: string; hint: string }> = {
  blockedStates: {
    label: 'Program not available',
    hint: 'The quiz sends visitors from these states to the sorry page, and checkout refuses them.',
  },
  identityVideoStates: {
    label: 'Identity video required',
    hint: 'Patients on the bare-medication form record a short identity video after it.',
  },
  floridaBillOfRightsStates: {
    label: 'Florida Patient Bill of Rights shown',
    hint: 'The medical form shows the bill of rights to patients in these states.',
  },
  refillRestrictedStates: {
    label: 'Refill state restriction asked',
    hint: 'The refill form asks its state restriction question in these states.',
  },
  noShippingStates: {
    label: 'Pharmacy cannot ship',
    hint: 'Checkout refuses a shipping address in these states.',
  },
};

/** "LA, MS, AL" as the field shows a rule's states. */
export const statesText = (states: readonly string[]) => states.join(', ');

/** What the admin typed, as state codes: split on commas and spaces, capitals. */
export const statesOf = (text: string): string[] =>
  text
    .split(/[\s,]+/)
    .map((code) => code.trim().toUpperCase())
    .filter((code) => code !== '');

/** "3 open carts", "1 open order". */
export const countOf = (n: number, what: string) => `${n} open ${what}${n === 1 ? '' : 's'}`;
