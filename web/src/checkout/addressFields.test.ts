import { isCompleteAddress, toCheckoutAddress } from './addressFields';

const full = {
  addressLine1: ' 12 Main St ',
  addressLine2: ' ',
  city: 'Austin',
  state: 'TX',
  zip: '78701-1234 ',
};

describe('an address form as the API takes it', () => {
  it('trims the lines and drops an empty line 2', () => {
    expect(toCheckoutAddress(full)).toEqual({
      addressLine1: '12 Main St',
      addressLine2: null,
      city: 'Austin',
      state: 'TX',
      zip: '78701-1234',
    });
  });

  it('is complete with line 1, city, a US state and a ZIP or ZIP+4', () => {
    expect(isCompleteAddress(full)).toBe(true);
    expect(isCompleteAddress({ ...full, zip: '78701' })).toBe(true);
  });

  it.each([
    ['no line 1', { addressLine1: '  ' }],
    ['no city', { city: '' }],
    ['no state', { state: '' }],
    ['a state not on the list', { state: 'XX' }],
    ['a 4-digit ZIP', { zip: '7870' }],
    ['a ZIP without its hyphen', { zip: '787011234' }],
  ])('is incomplete with %s', (_what, change) => {
    expect(isCompleteAddress({ ...full, ...change })).toBe(false);
  });
});
