/**
 * The parts of a US shipping address, defined once. Checkout's address (camelCase, spec 001) and
 * the verification form's (snake_case, spec 000) are two wire shapes of the same fields: both
 * are built from these, so a ZIP, a state or a P.O. box means the same thing everywhere.
 */
import { z } from 'zod';
import { requiredText, text, zipPattern } from './fields';

/** Both address lines and the city hold at most this many characters (spec 000 and 001). */
export const addressLineMax = 256;

/** `word` in any letter case, as a flagless pattern (the OpenAPI document has no flags). */
const anyCase = (word: string) =>
  word.replace(/[a-z]/gi, (c) => `[${c.toUpperCase()}${c.toLowerCase()}]`);
/** Dots and spaces patients put between the letters of "P.O." */
const dots = '[\\s.]*';
/** What may stand between "Box" and its number: spaces, punctuation, one "#". */
const toNumber = '[^A-Za-z0-9#]*#?[^A-Za-z0-9#]*\\d';
const before = '(^|[^A-Za-z0-9])';
const P_O = `${anyCase('p')}${dots}${anyCase('o')}${dots}`;

/**
 * Post-office boxes in the ways patients write them, one flagless pattern so that the server,
 * the web and the published API refuse exactly the same lines: "P.O. Box", "PO BOX", "POBox",
 * "Post Office Box", "Lock Box 5", "PO Drawer 7" anywhere; "POB 12", "Box 12", "Drawer 5",
 * "Caller 9" at the start. "Box Elder Rd", "Boxwood Ln", "Post Office Rd" are streets.
 */
export const poBoxPattern = new RegExp(
  [
    `${before}${P_O}${anyCase('box')}([^A-Za-z]|$)`,
    `${before}${anyCase('post')}\\s*${anyCase('office')}\\s*${anyCase('box')}([^A-Za-z0-9]|$)`,
    `${before}(${anyCase('lock')}\\s*${anyCase('box')}|${anyCase('post')}\\s*${anyCase('box')}|${P_O}${anyCase('drawer')}|${P_O}${anyCase('bx')})${toNumber}`,
    `^[^A-Za-z0-9]*(${anyCase('pob')}|${anyCase('box')}|${anyCase('bx')}|${P_O}|${anyCase('drawer')}|${anyCase('caller')}(\\s*${anyCase('box')})?|${anyCase('firm')}\\s+${anyCase('caller')})${toNumber}`,
  ].join('|'),
);

/** A line a carrier's home delivery cannot reach: medication never ships to a P.O. box. */
export function isPoBox(line: string | null | undefined): boolean {
  return poBoxPattern.test(line ?? '');
}

/** OpenAPI metadata for an address line that refuses P.O. boxes. */
export const notPoBox = {
  not: { pattern: poBoxPattern.source },
  description: 'P.O. boxes are refused',
};

export const zipMessage = 'Use a 5-digit ZIP code or ZIP+4';

/** A 5-digit ZIP code or ZIP+4. */
export function usZip() {
  return z
    .string()
    .regex(zipPattern, zipMessage)
    .meta({ description: 'A 5-digit ZIP code or ZIP+4' });
}

/** An optional address line (line 2): plain text, trimmed. */
export function optionalAddressLine() {
  return text(addressLineMax).trim();
}

/** A required address line or city, with the message the form shows when it is missing. */
export function requiredAddressLine(message: string) {
  return requiredText(addressLineMax, message);
}
