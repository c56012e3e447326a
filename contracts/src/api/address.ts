/**
 * The parts of a US shipping address, defined once. Checkout's address (camelCase, spec 001) and
 * the verification form's (snake_case, spec 000) are two wire shapes of the same fields: both
 * are built from these, so a ZIP, a state or a P.O. box means the same thing everywhere.
 */
import { z } from 'zod';
import { poBoxPattern } from '../rules/po-box';
import { requiredText, text, zipPattern } from './fields';
import { addressLineMax } from '../rules/address';

/**
 * OpenAPI metadata for an address line that refuses P.O. boxes (rules/po-box.ts). The pattern is
 * matched against the line's Latin reading (NFKC, accents and zero-width characters dropped,
 * look-alike Cyrillic and Greek letters read as Latin), which a JSON Schema cannot say.
 */
export const notPoBox = {
  not: { pattern: poBoxPattern.source },
  description:
    'P.O. boxes are refused, also when written with look-alike letters or invisible characters (the line is read after Unicode NFKC normalisation)',
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
