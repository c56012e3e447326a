import { poBoxMessage } from '@clinic/contracts';
import { address, describeAddressValidatorContract } from './address-validator.suite';
import { Pub28AddressValidator } from './pub28-address-validator';
import { loadUsZipDirectory, sameCity } from './zip-directory';

describeAddressValidatorContract('Pub28 (embedded)', () => new Pub28AddressValidator());

describe('Pub28AddressValidator', () => {
  const validator = new Pub28AddressValidator();

  it('offers nothing when the address is already in standard form', async () => {
    const result = await validator.validate(
      address('1600 PENNSYLVANIA AVE NW', 'WASHINGTON', 'DC', '20500'),
    );
    expect(result).toMatchObject({ valid: true, savable: true, suggestions: [] });
  });

  it('keeps a ZIP+4 code', async () => {
    const result = await validator.validate(
      address('1600 Pennsylvania Ave NW', 'Washington', 'DC', '20500-0005'),
    );
    expect(result.valid).toBe(true);
    expect(result.standardized?.zip).toBe('20500-0005');
  });

  it('accepts the abbreviations patients write for city names', async () => {
    for (const [city, state, zip] of [
      ['St. Louis', 'MO', '63101'],
      ['Ft Lauderdale', 'FL', '33301'],
      ['Winston-Salem', 'NC', '27101'],
    ] as const) {
      const result = await validator.validate(address('100 Main St', city, state, zip));
      expect(result.problems).toEqual([]);
    }
  });

  it('suggests the state of the ZIP code when the city matches it, then the city’s own ZIPs', async () => {
    const result = await validator.validate(address('100 Broadway', 'New York', 'NJ', '10001'));
    expect(result).toMatchObject({ valid: false, savable: false });
    expect(result.problems).toEqual([
      { field: 'zip', message: 'This ZIP code is not in New Jersey.' },
    ]);
    expect(result.suggestions[0]).toEqual({
      address_line_1: '100 BROADWAY',
      address_line_2: null,
      city: 'NEW YORK',
      state: 'NY',
      zip: '10001',
    });
  });

  it("suggests at most 3 of the city's ZIP codes, nearest to the one typed, in the right state", async () => {
    const result = await validator.validate(
      address('9500 Wilshire Blvd', 'Beverly Hills', 'CA', '10001'),
    );
    expect(result.problems).toEqual([
      { field: 'zip', message: 'This ZIP code is not in California.' },
    ]);
    expect(result.suggestions.length).toBeGreaterThan(0);
    expect(result.suggestions.length).toBeLessThanOrEqual(3);
    const directory = await loadUsZipDirectory();
    for (const suggestion of result.suggestions) {
      expect(suggestion).toMatchObject({ address_line_1: '9500 WILSHIRE BLVD', state: 'CA' });
      const place = directory.place(suggestion.zip);
      expect(place?.state).toBe('CA');
      expect(sameCity(place?.city ?? '', 'Beverly Hills')).toBe(true);
    }
  });

  it("suggests the city's ZIP codes for a ZIP code that does not exist", async () => {
    const result = await validator.validate(
      address('1600 Pennsylvania Ave NW', 'Washington', 'DC', '20014'),
    );
    expect(result.savable).toBe(false);
    // Nearest first, the lower of two equally near first.
    expect(result.suggestions.map((s) => s.zip)).toEqual(['20013', '20015', '20012']);
  });

  it('gives no suggestions when the city is unknown and the ZIP code does not exist', async () => {
    const result = await validator.validate(address('1 Main St', 'Nowhereville', 'KS', '00000'));
    expect(result).toMatchObject({ valid: false, savable: false, suggestions: [] });
  });

  it('suggests nothing for a P.O. box or a line without a house number, whatever else is wrong', async () => {
    for (const line1 of ['PO Box 12', 'Main Street']) {
      const result = await validator.validate(address(line1, 'Springfield', 'IL', '60606'));
      expect(result.savable).toBe(false);
      expect(result.suggestions).toEqual([]);
    }
    const noNumber = await validator.validate(address('Main Street', 'Chicago', 'IL', '60606'));
    expect(noNumber.problems).toEqual([
      { field: 'address_line_1', message: 'Please enter a house number and street name.' },
    ]);
  });

  it('refuses a P.O. box written on line 2', async () => {
    const result = await validator.validate(
      address('233 S Wacker Dr', 'Chicago', 'IL', '60606', 'P.O. Box 5'),
    );
    expect(result.savable).toBe(false);
    expect(result.problems).toEqual([
      {
        field: 'address_line_2',
        message: poBoxMessage,
      },
    ]);
  });

  it('never repeats a suggestion', async () => {
    // The city matches the ZIP code's state reading and is also a city of the state typed.
    const result = await validator.validate(address('1 Main St', 'Portland', 'ME', '97201'));
    const keys = result.suggestions.map((s) => JSON.stringify(s));
    expect(new Set(keys).size).toBe(keys.length);
    expect(result.suggestions[0]).toMatchObject({ city: 'PORTLAND', state: 'OR', zip: '97201' });
    expect(result.suggestions.slice(1).every((s) => s.state === 'ME')).toBe(true);
  });

  it('handles lines of 256 characters', async () => {
    const long = `123 ${'Long '.repeat(49)}Street`.padEnd(256, 'X');
    expect(long).toHaveLength(256);
    const started = Date.now();
    const result = await validator.validate(
      address(long, 'Chicago'.padEnd(256, ' '), 'IL', '60606', `Apt ${'9'.repeat(252)}`),
    );
    expect(Date.now() - started).toBeLessThan(1000);
    expect(result.savable).toBe(true);
    expect(result.standardized?.address_line_2).toBe(`APT ${'9'.repeat(252)}`);
    expect(result.standardized?.address_line_1.length).toBeLessThanOrEqual(256);
  });
});
