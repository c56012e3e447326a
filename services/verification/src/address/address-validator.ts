/**
 * Address validation for shipping (spec 000 section 8): one interface, an embedded validator that
 * works offline from USPS Publication 28 rules and a ZIP directory, and a hosted one (Smarty) for
 * delivery-point confirmation. Every implementation answers in Pub 28 form and in the patient's
 * words, and says separately whether the address may be saved for shipping at all: a validator
 * can find an address imperfect (valid false) and still let the patient keep it.
 */
import {
  poBoxMessage,
  type AddressValidation,
  type ShippingAddress,
  type ShippingAddressOut,
} from '@clinic/contracts';

export interface AddressCheck extends AddressValidation {
  /**
   * False when the address must not be saved for shipping: a P.O. box, a ZIP code that does not
   * exist, a ZIP code in another state, or a line 1 without a house number and street. Problems
   * that only need a correction the patient may decline (city spelled differently from the ZIP's
   * city, non-standard form) keep it savable.
   */
  savable: boolean;
}

export interface AddressValidator {
  validate(address: ShippingAddress): Promise<AddressCheck>;
}

/** A hosted validator's API failed or timed out; the caller falls back to manual entry. */
export class AddressServiceUnavailableError extends Error {
  override readonly name = 'AddressServiceUnavailableError';
}

export type AddressProblem = AddressValidation['problems'][number];

/** Shared by the validators so a patient reads the same sentence whichever one answered. */
export const addressProblemMessages = {
  poBox: poBoxMessage,
  noHouseNumber: 'Please enter a house number and street name.',
  zipUnknown: 'This ZIP code does not exist.',
  zipInOtherState: (stateName: string) => `This ZIP code is not in ${stateName}.`,
  cityOfZip: (city: string) => `This ZIP code is for ${city}.`,
  notFound: 'We could not find this address.',
  cityOfAddress: (city: string) => `The city for this address is ${city}.`,
  zipOfAddress: (zip: string) => `The ZIP code for this address is ${zip}.`,
  ambiguous: 'This address matches more than one place. Please choose the right one.',
  unitMissing: 'Please add your apartment, suite or unit number.',
  unitUnknown: 'We could not confirm the apartment, suite or unit number.',
} as const;

function sameAddress(a: ShippingAddressOut, b: ShippingAddressOut): boolean {
  return (
    a.address_line_1 === b.address_line_1 &&
    (a.address_line_2 ?? null) === (b.address_line_2 ?? null) &&
    a.city === b.city &&
    a.state === b.state &&
    a.zip === b.zip
  );
}

/** Suggestions without repeats and without the address exactly as typed (nothing to offer). */
export function distinctSuggestions(
  suggestions: ShippingAddressOut[],
  typed: ShippingAddress,
): ShippingAddressOut[] {
  const out: ShippingAddressOut[] = [];
  for (const suggestion of suggestions) {
    if (sameAddress(suggestion, typed) || out.some((s) => sameAddress(s, suggestion))) continue;
    out.push(suggestion);
  }
  return out;
}
