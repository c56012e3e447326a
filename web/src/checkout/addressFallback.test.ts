import { parseAddressText, splitUnit } from './addressFallback';

describe('parseAddressText (the US-only autocomplete fallback)', () => {
  it('splits "street, city, ST zip"', () => {
    expect(parseAddressText('123 Main St, Austin, TX 78701')).toEqual({
      addressLine1: '123 Main St',
      addressLine2: '',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
    });
  });

  it('accepts a ZIP+4, lower-case state, extra spaces and a trailing country', () => {
    expect(parseAddressText('  500   Elm Ave ,  Springfield , il   62704-1234, USA ')).toEqual({
      addressLine1: '500 Elm Ave',
      addressLine2: '',
      city: 'Springfield',
      state: 'IL',
      zip: '62704-1234',
    });
  });

  it.each([
    ['123 Main St 12B', '123 Main St', '12B'],
    ['123 Main St C', '123 Main St', 'C'],
    ['123 Main St 4', '123 Main St', '4'],
    ['123 Main St #7', '123 Main St', '#7'],
    ['123 Main St Apt 4', '123 Main St', 'Apt 4'],
    ['123 Main St Suite 200', '123 Main St', 'Suite 200'],
  ])('moves the unit of "%s" into line 2', (street, line1, line2) => {
    expect(parseAddressText(`${street}, Austin, TX 78701`)).toMatchObject({
      addressLine1: line1,
      addressLine2: line2,
    });
  });

  it.each(['123 Main St', '123 Main Street', '1600 Pennsylvania Ave NW', '42 B'])(
    'keeps "%s" whole',
    (street) => {
      expect(parseAddressText(`${street}, Austin, TX 78701`)).toMatchObject({
        addressLine1: street,
        addressLine2: '',
      });
    },
  );

  it('puts parts between the street and the city into line 2, after the unit', () => {
    expect(parseAddressText('9 Oak Rd 3A, Building 2, Denver, CO 80202')).toEqual({
      addressLine1: '9 Oak Rd',
      addressLine2: '3A, Building 2',
      city: 'Denver',
      state: 'CO',
      zip: '80202',
    });
  });

  it('reads a full state name', () => {
    expect(parseAddressText('1 Broadway, New York, New York 10004')).toMatchObject({
      city: 'New York',
      state: 'NY',
      zip: '10004',
    });
  });

  it.each([
    '',
    '123 Main St',
    '123 Main St, Austin',
    '123 Main St, Austin, TX',
    '123 Main St, Austin, TX 7870',
    '123 Main St, Austin, TX 787011',
    '123 Main St, Austin, ZZ 78701',
    '123 Main St, Toronto, ON M5V 2T6',
    '123 Main St, Austin, 78701 TX',
  ])('gives null for "%s" (not a US street, city, state and zip)', (text) => {
    expect(parseAddressText(text)).toBeNull();
  });
});

describe('splitUnit', () => {
  it('leaves short streets alone', () => {
    expect(splitUnit('Main 4')).toEqual(['Main 4', '']);
    expect(splitUnit('  ')).toEqual(['', '']);
  });
});
