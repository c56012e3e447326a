import {
  isCompleteCode,
  isValidVerificationEmail,
  isValidVerificationPhone,
  isValidVerificationPhoneNumber,
  phonePartDigits,
} from './verification';

describe('the phone rules of verification (spec 000 section 5)', () => {
  it.each([
    ['2125550147', true],
    ['9115550000', false], // area 911
    ['0125550147', false], // area starts with 0
    ['1125550147', false], // area starts with 1
    ['2120555014', false], // prefix starts with 0
    ['2121555014', false], // prefix starts with 1
    ['2129115014', false], // prefix 911
    ['2125550000', false], // line 0000
    ['2125559111', false], // line 9111
    ['212555014', false],
    ['21255501470', false],
  ])('%s is %s', (phone, valid) => {
    expect(isValidVerificationPhoneNumber(phone)).toBe(valid);
  });

  it('keeps only digits, each part cut to its length', () => {
    expect(phonePartDigits('(46a9)', 3)).toBe('469');
    expect(phonePartDigits('55501477', 4)).toBe('5550');
    expect(isValidVerificationPhone({ areaCode: '469', prefix: '555', line: '0147' })).toBe(true);
  });
});

describe('codes and emails', () => {
  it('takes exactly four digits as a code', () => {
    expect(isCompleteCode('0042')).toBe(true);
    for (const bad of ['042', '12345', '12a4', ' 1234', ''])
      expect(isCompleteCode(bad)).toBe(false);
  });

  it('takes the simple email pattern without spaces', () => {
    expect(isValidVerificationEmail('a.b@example.com')).toBe(true);
    for (const bad of ['a b@example.com', 'a@b', '@example.com', `${'a'.repeat(250)}@example.com`])
      expect(isValidVerificationEmail(bad)).toBe(false);
  });
});
