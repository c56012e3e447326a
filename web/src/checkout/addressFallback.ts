/**
 * The address autocomplete's US-only fallback (spec 001 section 2): when no suggested place is
 * chosen, the typed text is split by commas into street, city, and "state zip" (two letters plus
 * 5 or 5-4 digits). A trailing unit-like token of the street (digits with an optional letter, or
 * a single letter: "12B", "C") is moved into line 2. Pure: no maps provider, no DOM.
 */
import { stateCodes, usStates, zipPattern } from '@clinic/contracts';

export interface AddressFields {
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  zip: string;
}

export const emptyAddress: AddressFields = {
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: '',
  zip: '',
};

/** "TX 78701", "tx 78701-1234"; a full state name ("Texas 78701") is accepted too. */
const stateZipPattern = new RegExp(
  `^([A-Za-z][A-Za-z .]*?)\\s+(${zipPattern.source.replace(/^\^|\$$/g, '')})$`,
);
/** A trailing unit token: digits with an optional letter, or a single letter ("#" allowed). */
const unitTokenPattern = /^#?(?:\d+[A-Za-z]?|[A-Za-z])$/;
/** Words that say the next token is a unit ("Apt 4", "Suite 200"): moved to line 2 with it. */
const unitWords = new Set(['apt', 'apt.', 'apartment', 'unit', 'suite', 'ste', 'ste.', '#']);
/** A country part the visitor may type at the end. */
const countryPattern = /^(?:us|usa|u\.s\.a?\.?|united states(?: of america)?)$/i;

const stateByName = new Map(
  Object.entries(usStates).map(([name, code]) => [name.toLowerCase(), code]),
);

function stateCode(text: string): string | null {
  const trimmed = text.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed)) {
    const code = trimmed.toUpperCase();
    return stateCodes.includes(code) ? code : null;
  }
  return stateByName.get(trimmed.toLowerCase().replace(/\s+/g, ' ')) ?? null;
}

/** Splits "123 Main St 12B" into ["123 Main St", "12B"]; a street of under three words stays whole. */
export function splitUnit(street: string): [string, string] {
  const tokens = street.trim().split(/\s+/);
  if (tokens.length < 3) return [tokens.join(' '), ''];
  const last = tokens[tokens.length - 1]!;
  if (!unitTokenPattern.test(last)) return [tokens.join(' '), ''];
  const before = tokens[tokens.length - 2]!;
  const take = unitWords.has(before.toLowerCase()) && tokens.length > 3 ? 2 : 1;
  return [tokens.slice(0, -take).join(' '), tokens.slice(-take).join(' ')];
}

/**
 * The address fields of `text`, or null when it does not read as "street, city, ST 12345"
 * (parts between the street and the city go to line 2, after a unit token of the street).
 */
export function parseAddressText(text: string): AddressFields | null {
  const parts = text
    .split(',')
    .map((part) => part.trim().replace(/\s+/g, ' '))
    .filter((part) => part !== '');
  if (parts.length > 0 && countryPattern.test(parts[parts.length - 1]!)) parts.pop();
  if (parts.length < 3) return null;

  const match = stateZipPattern.exec(parts[parts.length - 1]!);
  if (!match) return null;
  const state = stateCode(match[1]!);
  if (!state) return null;

  const [addressLine1, unit] = splitUnit(parts[0]!);
  const middle = parts.slice(1, -2);
  return {
    addressLine1,
    addressLine2: [unit, ...middle].filter((part) => part !== '').join(', '),
    city: parts[parts.length - 2]!,
    state,
    zip: match[2]!,
  };
}
