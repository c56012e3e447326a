/**
 * Who the quiz and the plan page turn away, and what /sorry says (spec 000 sections 4 and 9).
 * Apart from the quiz's step rules (intake.ts), which the quiz's first screen loads: these are
 * the service's and the later pages'.
 */
import { usStates } from '../constants/states';
import { intakeLimits } from './intake';
import { ruleHolds, stateCodeOf, stateRulesMessages } from './state-rule-checks';
import type { StateRules } from './state-rules';

export const disqualificationReasons = [
  'state_not_available',
  'under_18',
  'bmi_below_20',
  'bmi_below_25',
] as const;
export type DisqualificationReason = (typeof disqualificationReasons)[number];

export function stateName(code: string): string {
  return Object.keys(usStates).find((name) => usStates[name] === code) ?? code;
}

/** What /sorry shows for each disqualification (spec 000 section 4). */
export function disqualificationMessage(reason: DisqualificationReason, state?: string): string {
  switch (reason) {
    case 'state_not_available':
      return `Our GLP Medical Weight Loss program is not yet available in ${state ? stateName(state) : 'your state'}, but we are launching there next month.`;
    case 'under_18':
      return 'We cannot proceed since your age is less than 18 years.';
    case 'bmi_below_20':
    case 'bmi_below_25':
      return "We're Sorry. Based on the information you provided, you currently do not qualify for our programs.";
  }
}

/**
 * Disqualifications known when the quiz is submitted: a state where the program has not
 * launched (the state rules in force), a birth year after 2006, and a BMI below 20, which no one
 * qualifies with. The BMI
 * minimum of 25 for new users is applied on the plan page, where the visitor says whether they
 * already take a GLP-1 medication (spec 000 section 4, "Plan flow").
 */
export function intakeDisqualification(
  input: { state: string; birthYear: number; age: number; bmi: number },
  rules: StateRules,
): DisqualificationReason | null {
  if (ruleHolds(rules, 'blockedStates', input.state)) return 'state_not_available';
  if (input.birthYear > intakeLimits.lastAdultBirthYear || input.age < intakeLimits.minimumAge)
    return 'under_18';
  if (input.bmi < intakeLimits.bmiForCurrentUsers) return 'bmi_below_20';
  return null;
}

/** The plan page's BMI check: 20 for those already taking GLP-1 medication, 25 otherwise. */
export function planBmiDisqualification(
  bmi: number,
  currentlyTaking: boolean,
): DisqualificationReason | null {
  if (currentlyTaking) return bmi < intakeLimits.bmiForCurrentUsers ? 'bmi_below_20' : null;
  return bmi < intakeLimits.bmiForNewUsers ? 'bmi_below_25' : null;
}

/**
 * Why an order cannot ship to `state` by these rules (the program is not available there, or the
 * pharmacy cannot ship there), in the patient's words; null when it can. Checkout refuses with
 * it, and the checkout page says it before a card is charged.
 */
export function unservedStateMessage(rules: StateRules, state: string): string | null {
  const code = stateCodeOf(state);
  if (ruleHolds(rules, 'blockedStates', code))
    return disqualificationMessage('state_not_available', code);
  if (ruleHolds(rules, 'noShippingStates', code))
    return stateRulesMessages.noShipping(stateName(code));
  return null;
}
