/**
 * What every address validator must do with real US addresses, embedded or hosted. Run against
 * the embedded validator in unit tests; the hosted one needs Smarty's real service (a local
 * stand-in would only test itself), see smarty-address-validator.test.ts.
 */
import { poBoxMessage, type ShippingAddress } from '@clinic/contracts';
import type { AddressCheck, AddressValidator } from './address-validator';

/** An address as the form sends it, line 2 last because it is usually empty. */
export function address(
  address_line_1: string,
  city: string,
  state: string,
  zip: string,
  address_line_2: string | null = null,
): ShippingAddress {
  return { address_line_1, address_line_2, city, state, zip };
}

/** Holds for every answer: valid means no problems, unsavable is never valid, no repeats. */
function expectConsistent(check: AddressCheck): void {
  expect(check.valid).toBe(check.problems.length === 0);
  if (!check.savable) expect(check.valid).toBe(false);
  const keys = check.suggestions.map((s) => JSON.stringify(s));
  expect(new Set(keys).size).toBe(keys.length);
  for (const problem of check.problems) expect(problem.message).toMatch(/^[A-Z].*\.$/);
}

export function describeAddressValidatorContract(
  name: string,
  makeValidator: () => AddressValidator | Promise<AddressValidator>,
): void {
  describe(`${name} address validator`, () => {
    let validator: AddressValidator;
    beforeAll(async () => {
      validator = await makeValidator();
    });

    async function check(typed: ShippingAddress): Promise<AddressCheck> {
      const result = await validator.validate(typed);
      expectConsistent(result);
      return result;
    }

    it('accepts a real address and gives its Pub 28 form as the suggestion', async () => {
      const result = await check(
        address('1600 Pennsylvania Avenue NW', 'Washington', 'DC', '20500'),
      );
      expect(result).toMatchObject({ valid: true, savable: true, problems: [] });
      expect(result.standardized).toMatchObject({
        address_line_1: '1600 PENNSYLVANIA AVE NW',
        address_line_2: null,
        city: 'WASHINGTON',
        state: 'DC',
      });
      expect(result.standardized?.zip).toMatch(/^20500(-\d{4})?$/);
      expect(result.suggestions).toEqual([result.standardized]);
    });

    it('abbreviates the suffix and the directional', async () => {
      const result = await check(address('233 South Wacker Drive', 'Chicago', 'IL', '60606'));
      expect(result.savable).toBe(true);
      expect(result.standardized?.address_line_1).toBe('233 S WACKER DR');
    });

    it('puts a unit typed on line 1 on line 2 in its standard form', async () => {
      const result = await check(address('350 5th Avenue Suite 3000', 'New York', 'NY', '10118'));
      expect(result.savable).toBe(true);
      expect(result.standardized).toMatchObject({
        address_line_1: '350 5TH AVE',
        address_line_2: 'STE 3000',
      });
    });

    it('refuses a ZIP code of another state', async () => {
      const result = await check(address('9500 Wilshire Blvd', 'Beverly Hills', 'CA', '10001'));
      expect(result.savable).toBe(false);
      expect(result.problems.map((p) => p.field)).toContain('zip');
    });

    it('refuses a P.O. box', async () => {
      const result = await check(address('P.O. Box 1234', 'Beverly Hills', 'CA', '90213'));
      expect(result.savable).toBe(false);
      expect(result.problems).toContainEqual({
        field: 'address_line_1',
        message: poBoxMessage,
      });
    });

    it('refuses a ZIP code that does not exist', async () => {
      const result = await check(
        address('1600 Pennsylvania Avenue NW', 'Washington', 'DC', '00000'),
      );
      expect(result.savable).toBe(false);
      expect(result.problems).toContainEqual({
        field: 'zip',
        message: 'This ZIP code does not exist.',
      });
    });

    it("suggests the ZIP code's city when the city does not match, and keeps it savable", async () => {
      const result = await check(address('233 S Wacker Dr', 'Springfield', 'IL', '60606'));
      expect(result.valid).toBe(false);
      expect(result.savable).toBe(true);
      expect(result.problems.map((p) => p.field)).toContain('city');
      expect(result.suggestions).toContainEqual(
        expect.objectContaining({ address_line_1: '233 S WACKER DR', city: 'CHICAGO' }),
      );
    });
  });
}
