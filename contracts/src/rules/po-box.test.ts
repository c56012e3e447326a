import { isPoBox, poBoxPattern, readAsLatin } from './po-box';

/** Lines every door refuses: checkout page, checkout-new, save-address, verification. */
const refused: [string, string][] = [
  ['P.O. Box 123', 'the usual form'],
  ['PO BOX 123', 'capitals'],
  ['P O Box 123', 'spaced'],
  ['p. o. box 123', 'lower case with dots'],
  ['POBox 123', 'run together'],
  ['P.O.Box123', 'no spaces at all'],
  ['pobox', 'no number'],
  ['Pobox Ln', '"Pobox" is a box whatever follows it'],
  ['Post Office Box 123', 'spelt out'],
  ['post  office box', 'spelt out, no number'],
  ['Postal Office Box 9', '"Postal Office"'],
  ['POB 123', 'POB'],
  ['P.O.B. 77', 'P.O.B. with dots'],
  ['123 Main St POB 5', 'POB after a street'],
  ['Postal Box 12', '"Postal Box"'],
  ['P. O. B o x 12', 'the letters of Box spaced'],
  ['P-O-Box 9', 'dashes'],
  ['P/O Box 9', 'a slash'],
  ['P0 B0x 4', 'zeros for the letter O'],
  ['Box 123', 'Box at the start'],
  ['Box #123', 'Box #'],
  ['Box No. 12', 'Box No.'],
  ['B.O.X. 12', 'B.O.X.'],
  ['Lock Box 12', 'Lock Box'],
  ['Lockbox 12', 'Lockbox'],
  ['PO Drawer 7', 'PO Drawer'],
  ['PO BX 7', 'PO BX'],
  ['Post Box 7', 'Post Box'],
  ['Caller 1234', 'Caller at the start'],
  ['Firm Caller 12', 'Firm Caller'],
  ['123 Main St PO Box 5', 'a box after a street'],
  ['ＰＯ ＢＯＸ 12', 'full-width letters (NFKC)'],
  ['𝐏𝐎 𝐁𝐨𝐱 12', 'mathematical bold letters (NFKC)'],
  ['P\u200BO Box 12', 'a zero-width space'],
  ['P.O.\u200D B\u2060ox 5', 'a zero-width joiner and a word joiner'],
  ['Po\u00ADBox 1', 'a soft hyphen'],
  ['\uFEFFPO Box 3', 'a byte-order mark'],
  ['\u0420\u041E Box 12', 'Cyrillic Р and О'],
  ['PO \u0412\u043E\u0445 12', 'Cyrillic В, о and х'],
  ['\u03A1\u039F \u0392\u039F\u03A7 5', 'Greek Ρ, Ο, Β, Ο and Χ'],
  ['P.Ó. Bóx 3', 'accents'],
];

/** Streets that must pass. */
const streets: [string, string][] = [
  ['123 Box Elder Rd', 'Box Elder'],
  ['5 Box Elder St', 'Box Elder St'],
  ['123 Boxwood Ln', 'Boxwood'],
  ['123 Boxwood Ave', 'Boxwood Ave'],
  ['12 Post Rd', 'Post Rd'],
  ['10 Post Office Rd', 'Post Office Rd'],
  ['10 Post Office Sq', 'Post Office Square'],
  ['1 Postal Way', 'Postal Way'],
  ['12 Pobst Ln', 'Pobst'],
  ['12 Poboy Ct', 'Poboy'],
  ['12 Shadow Box Ct', 'Shadow Box'],
  ['12 Boxer St', 'Boxer'],
  ['12 Main St', 'Main St'],
  ['7 Caller Ave', 'Caller Ave (not at the start)'],
  ['88 Lockbox Way', 'Lockbox Way (no number after it)'],
  ['40 Po Valley Rd', 'Po Valley'],
  ['9 Top O Box Rd', '"p O Box" inside a word'],
  ['1 Bóxwood Ave', 'an accent in a street'],
  ['12 \u041C\u0430in St', 'Cyrillic letters in a street'],
  ['1200 Congress Avenue Apartment 4', 'a unit'],
  ['Apt 4B', 'line 2'],
  ['', 'empty'],
];

describe('P.O. boxes: one rule for every door that takes a street line', () => {
  it.each(refused)('refuses %j (%s)', (line) => {
    expect(isPoBox(line)).toBe(true);
  });

  it.each(streets)('accepts %j (%s)', (line) => {
    expect(isPoBox(line)).toBe(false);
  });

  it('reads a line as plain Latin letters, leaving ordinary text as it is', () => {
    expect(readAsLatin('\u0420\u041E \u0412\u043E\u0445')).toBe('PO Box');
    expect(readAsLatin('P\u200BO\u00AD Box')).toBe('PO Box');
    expect(readAsLatin('ＰＯ')).toBe('PO');
    expect(readAsLatin('1200 Congress Ave, Apt 4')).toBe('1200 Congress Ave, Apt 4');
  });

  it('is one flagless pattern, which the OpenAPI document can carry', () => {
    expect(poBoxPattern.flags).toBe('');
  });
});
