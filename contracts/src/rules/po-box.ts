/**
 * P.O. boxes (spec 001 section 5): medication never ships to one, because carriers' home
 * delivery cannot reach it. One rule for every door that takes a street line: the checkout page,
 * checkout-new and save-address on the server, and verification's address calls, so each refuses
 * exactly the same strings with the same sentence.
 *
 * A line is first read the way a clerk reads it (`readAsLatin`): Unicode compatibility forms
 * folded (NFKC: full-width and mathematical letters), accents and invisible characters dropped,
 * and letters that only look Latin (Cyrillic "Р", Greek "Ο") read as the Latin ones. The pattern
 * then runs on that reading, so "РО Вох 12" with Cyrillic letters or "P\u200BO Box" with a
 * zero-width space is the P.O. box it looks like.
 */

/** The spec's "Invalid Address" popup text, also the field's reason in every address form. */
export const poBoxMessage =
  'Our carriers do not deliver to P.O. Box addresses. Please enter a valid street address for your shipment.';

/**
 * Characters that print as nothing and are not combining marks (those go with the accents):
 * soft hyphen, Arabic letter mark, Hangul fillers, Mongolian vowel separator, zero-width spaces
 * and joiners, direction marks and embeddings, word joiner and invisible operators, byte-order
 * mark.
 */
const invisible =
  /[\u00AD\u061C\u115F\u1160\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFEFF\uFFA0]/g;

/**
 * Accents and other combining marks, once a letter is decomposed (NFKD); with them the invisible
 * ones (combining grapheme joiner, variation selectors, Mongolian free variation selectors).
 */
const combiningMarks = /\p{M}/gu;

/**
 * Cyrillic and Greek letters drawn like Latin ones (Unicode's confusables for the letters a box
 * line can hold), and Latin letters without a plain form: each is read as the letter at its place
 * in the second string.
 */
const lookAlikes: ReadonlyMap<string, string> = new Map(
  (
    [
      // Cyrillic capitals
      ['АВЕЅІЈКМНОРСТУХҮԀԚԜЬ', 'ABESIJKMHOPCTYXYDQWb'],
      // Cyrillic small letters
      ['авеѕіјкмнопрстухүԁԛԝьһ', 'abesijkmhonpctyxydqwbh'],
      // Greek capitals
      ['ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ', 'ABEZHIKMNOPTYX'],
      // Greek small letters
      ['αβικνορτυχϲ', 'abikvoptuxc'],
      // Latin letters NFKD leaves as they are
      ['ıȷøØłŁđĐ', 'ijoOlLdD'],
    ] as const satisfies readonly (readonly [string, string])[]
  ).flatMap(([from, to]) => Array.from(from, (ch, i) => [ch, to[i] ?? ch] as const)),
);
const lookAlike = new RegExp(`[${[...lookAlikes.keys()].join('')}]`, 'gu');

/**
 * A line as it reads on paper, in plain Latin letters: compatibility forms folded, accents,
 * invisible characters dropped, look-alike letters replaced. Only for comparing: what the patient
 * typed is what is stored.
 */
export function readAsLatin(line: string): string {
  return line
    .normalize('NFKD')
    .replace(invisible, '')
    .replace(combiningMarks, '')
    .replace(lookAlike, (ch) => lookAlikes.get(ch) ?? ch)
    .normalize('NFKC');
}

/** `word` in any letter case, as a flagless pattern (the OpenAPI document has no flags). */
const anyCase = (word: string) =>
  word.replace(/[a-z]/gi, (c) => `[${c.toUpperCase()}${c.toLowerCase()}]`);
/** What patients put between the letters of "P.O." and "B.o.x": dots, spaces, dashes, slashes. */
const sep = '[^A-Za-z0-9#]*';
/** An "o", or the zero typed for it. */
const o = '[Oo0]';
/** "P.O.", "PO", "P O", "P/O", "P0". */
const P_O = `${anyCase('p')}${sep}${o}${sep}`;
/** "Box", also spelt out letter by letter ("B o x", "B.O.X"). */
const BOX = `${anyCase('b')}${sep}${o}${sep}${anyCase('x')}`;
/** What may stand between a box word and its number: punctuation, "#", "No.", "Number". */
const toNumber = `${sep}(#|${anyCase('no')}\\.?|${anyCase('num')}(${anyCase('ber')})?\\.?)?${sep}\\d`;
const before = '(^|[^A-Za-z0-9])';
const POST = anyCase('post');
const POSTAL = anyCase('postal');

/**
 * Post-office boxes in the ways patients write them, one flagless pattern over the Latin reading
 * of the line: "P.O. Box", "PO BOX", "POBox", "P. O. B o x", "Post Office Box" anywhere; "POB 12",
 * "P.O.B. 77", "Postal Box 12", "Post Box 7", "Lock Box 5", "PO Drawer 7" anywhere before a
 * number; "Box 12", "Drawer 5", "Caller 9" at the start. "Box Elder Rd", "Boxwood Ln", "Post Rd",
 * "Post Office Rd", "1 Postal Way" are streets. "Pobox Ln" is refused: no such street is known,
 * and a box written without its number is still a box.
 */
export const poBoxPattern = new RegExp(
  [
    `${before}${P_O}${BOX}([^A-Za-z]|$)`,
    `${before}(${POST}|${POSTAL})\\s*${anyCase('office')}\\s*${BOX}([^A-Za-z0-9]|$)`,
    `${before}(${anyCase('lock')}\\s*${BOX}|${POST}\\s*${BOX}|${POSTAL}\\s*${BOX}|${P_O}${anyCase('drawer')}|${P_O}${anyCase('bx')}|${P_O}${anyCase('b')})${toNumber}`,
    `^[^A-Za-z0-9]*(${anyCase('pob')}|${BOX}|${anyCase('bx')}|${P_O}|${anyCase('drawer')}|${anyCase('caller')}(\\s*${BOX})?|${anyCase('firm')}\\s+${anyCase('caller')})${toNumber}`,
  ].join('|'),
);

/** A line a carrier's home delivery cannot reach: medication never ships to a P.O. box. */
export function isPoBox(line: string | null | undefined): boolean {
  return poBoxPattern.test(readAsLatin(line ?? ''));
}
