import { isValidNpi } from './npi';

describe('isValidNpi (the Luhn check over "80840" and the first nine digits)', () => {
  it.each([
    // CMS's worked example: 123456789 has check digit 3.
    '1234567893',
    '1245319599',
    '1003000126',
    '2000000002',
  ])('accepts %s', (npi) => {
    expect(isValidNpi(npi)).toBe(true);
  });

  it('refuses every other check digit of a valid NPI', () => {
    for (let d = 0; d <= 9; d += 1) {
      expect(isValidNpi(`123456789${d}`)).toBe(d === 3);
    }
  });

  it('refuses two swapped neighbouring digits', () => {
    expect(isValidNpi('2134567893')).toBe(false);
  });

  it.each([
    ['empty', ''],
    ['nine digits', '123456789'],
    ['eleven digits', '12345678930'],
    ['the prefixed 15 digits', '808401234567893'],
    ['spaces', '1234 567893'],
    ['a surrounding space', ' 1234567893'],
    ['a trailing newline', '1234567893\n'],
    ['a letter', '123456789X'],
    ['a sign', '+234567893'],
    ['non-ASCII digits', '١٢٣٤٥٦٧٨٩٣'],
  ])('refuses %s', (_name, npi) => {
    expect(isValidNpi(npi)).toBe(false);
  });
});
