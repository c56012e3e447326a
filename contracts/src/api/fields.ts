/**
 * The building blocks of every published request schema. Each string the API accepts is bounded
 * and free of control characters, each integer fits the PostgreSQL column it ends up in, and
 * numbers may arrive as the numeric strings a form field gives. They are declared once here so
 * that the server's validation and the OpenAPI document say the same thing, and so that nothing
 * a client sends reaches the database in a form it refuses (a NUL byte or 2^31 was a 500).
 */
import { z } from 'zod';
import { stateCodes } from '../constants/states';

/** The largest value of a PostgreSQL `integer`: ids, counts and cents columns. */
export const INT32_MAX = 2_147_483_647;

export const controlCharacterMessage = 'must not contain control characters';

/** No C0 control character and no DEL: PostgreSQL refuses NUL in text, one line needs none. */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
export const singleLinePattern = /^[^\u0000-\u001f\u007f]*$/;
/** Free text may hold line breaks and tabs, nothing else below U+0020. */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
export const multiLinePattern = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/** One line of text of at most `max` characters. */
export function text(max: number) {
  return z
    .string()
    .max(max, `At most ${max} characters`)
    .regex(singleLinePattern, controlCharacterMessage);
}

/** One line that must hold something besides spaces; it is trimmed. */
export function requiredText(max: number, message: string) {
  return text(max).regex(/\S/, message).trim();
}

/** Free text (a reason, a message) of at most `max` characters; line breaks allowed. */
export function multilineText(max: number) {
  return z
    .string()
    .max(max, `At most ${max} characters`)
    .regex(multiLinePattern, controlCharacterMessage);
}

/** An integer within a PostgreSQL `integer` column (or a tighter range). */
export function int(min = -INT32_MAX - 1, max = INT32_MAX) {
  return z.number().int().min(min).max(max);
}

/** A row id: a positive `integer`. */
export function rowId() {
  return int(1);
}

/** [lo, hi] of same-length whole numbers as alternatives like `1[3-9]`, `[2-6]\d`, `7[0-4]`. */
function sameLengthRange(lo: number, hi: number): string[] {
  const out: string[] = [];
  let start = lo;
  while (start <= hi) {
    let step = 1;
    const magnitude = 10 ** String(start).length;
    while (start % (step * 10) === 0 && start + step * 10 - 1 <= hi && step * 10 < magnitude)
      step *= 10;
    const boundary = (Math.floor(start / (step * 10)) + 1) * step * 10;
    const last = start + Math.floor((Math.min(hi, boundary - 1) - start + 1) / step) * step - 1;
    const first = String(start / step);
    const top = String((last + 1) / step - 1);
    const head = first.slice(0, -1);
    const [a, b] = [first.slice(-1), top.slice(-1)];
    const zeros = String(step).length - 1;
    out.push(`${head}${a === b ? a : `[${a}-${b}]`}${zeros > 0 ? `\\d{${zeros}}` : ''}`);
    start = last + 1;
  }
  return out;
}

/** Whole numbers lo..hi (0 <= lo <= hi) as one regex alternation, without leading zeros. */
export function wholeRangePattern(lo: number, hi: number): string {
  const parts: string[] = [];
  for (let digits = String(lo).length; digits <= String(hi).length; digits += 1) {
    const from = Math.max(lo, digits === 1 ? 0 : 10 ** (digits - 1));
    const to = Math.min(hi, 10 ** digits - 1);
    if (from <= to) parts.push(...sameLengthRange(from, to));
  }
  return parts.join('|');
}

/** The digit strings of a fraction whose value is at least 0.`digits` ("01": 01, 02..., 1...). */
function fractionAtLeast(digits: string): string {
  const alternatives: string[] = [];
  for (let i = 0; i < digits.length; i += 1) {
    const digit = Number(digits[i]);
    if (digit < 9) alternatives.push(`${digits.slice(0, i)}[${digit + 1}-9]\\d*`);
  }
  alternatives.push(`${digits}\\d*`);
  return alternatives.join('|');
}

/**
 * The pattern of a decimal string whose value lies in [min, max], so that the OpenAPI document
 * says exactly which strings the server takes ("04" for April, "180.5" pounds). Leading zeros
 * and surrounding spaces are allowed, as a form field gives them.
 */
export function numericStringPattern(min: number, max: number, integer: boolean): string {
  const low = Math.max(0, integer ? Math.ceil(min) : Math.floor(min));
  const high = Math.floor(max);
  const sign = min < 0 ? '-?' : '';
  let body: string;
  if (integer) body = wholeRangePattern(low, high);
  else {
    const parts: string[] = [];
    let from = low;
    // A fractional minimum (0.01 mg): its whole part takes only the fractions at or above it.
    const minFraction = min > 0 && !Number.isInteger(min) ? String(min).split('.')[1] : undefined;
    if (minFraction && /^\d+$/.test(minFraction)) {
      parts.push(`${String(low)}\\.(${fractionAtLeast(minFraction)})`);
      from = low + 1;
    }
    // Every whole part below the top takes any fraction; the top only a zero one (700.0).
    if (from <= high - 1) parts.push(`(${wholeRangePattern(from, high - 1)})(\\.\\d+)?`);
    if (from <= high) parts.push(`${String(high)}(\\.0+)?`);
    body = parts.join('|');
  }
  if (min < 0) body = wholeRangePattern(0, Math.min(-Math.ceil(min), high));
  // A whole number may be written "12.0": JSON Schema's integers include it, and so does Number.
  const zeroFraction = integer ? '(\\.0+)?' : '';
  return `^\\s*${sign}0*(${body})${zeroFraction}\\s*$`;
}

/**
 * A number that a client built from the spec may send as a string: a select's "04" or an input's
 * "180". The string must be a plain decimal in the number's range; the number it gives is checked
 * by `schema` again, so the meaning stays strict while the form is lenient. `message`, when
 * given, is what any refusal says (a missing value or another type included).
 */
export function numeric<S extends z.ZodNumber>(schema: S, message?: string) {
  const pattern = new RegExp(
    numericStringPattern(
      schema.minValue ?? -INT32_MAX,
      schema.maxValue ?? INT32_MAX,
      !!schema.isInt,
    ),
  );
  return z.union(
    [
      schema,
      z
        .string()
        .regex(pattern, message ?? 'must be a number in range')
        .transform((value) => Number(value))
        .pipe(schema),
    ],
    message === undefined ? undefined : { error: message },
  );
}

const upperStateCodes = stateCodes as [string, ...string[]];
const lowerStateCodes = stateCodes.map((code) => code.toLowerCase()) as [string, ...string[]];

/** A US state's two-letter code from the list, in either case ("ca" is read as "CA"). */
export function usStateCode(message = 'Choose a US state (two-letter code)') {
  return z
    .union([z.enum(upperStateCodes), z.enum(lowerStateCodes)], { error: message })
    .transform((code) => code.toUpperCase());
}

/** A ZIP code or ZIP+4. */
export const zipPattern = /^\d{5}(-\d{4})?$/;
