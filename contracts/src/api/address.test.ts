import { poBoxPattern } from '../rules/po-box';
import { apiRoutes, buildOpenApiDocument, checkoutAddressSchema, shippingAddressSchema } from '.';

describe('address shapes', () => {
  it('publish the P.O. box pattern in the OpenAPI document', () => {
    expect(poBoxPattern.flags).toBe('');
    const document = JSON.stringify(buildOpenApiDocument(apiRoutes, { title: 't', version: '1' }));
    expect(document).toContain(JSON.stringify(poBoxPattern.source));
  });

  it('accepts the same ZIP forms in both address shapes', () => {
    for (const zip of ['78701', '78701-1234']) {
      expect(
        shippingAddressSchema.safeParse({
          address_line_1: '1 Main St',
          city: 'Austin',
          state: 'TX',
          zip,
        }).success,
      ).toBe(true);
      expect(
        checkoutAddressSchema.safeParse({
          addressLine1: '1 Main St',
          city: 'Austin',
          state: 'TX',
          zip,
        }).success,
      ).toBe(true);
    }
    for (const zip of ['7870', '787011234', '78701-12']) {
      expect(
        shippingAddressSchema.safeParse({
          address_line_1: '1 Main St',
          city: 'Austin',
          state: 'TX',
          zip,
        }).success,
      ).toBe(false);
      expect(
        checkoutAddressSchema.safeParse({
          addressLine1: '1 Main St',
          city: 'Austin',
          state: 'TX',
          zip,
        }).success,
      ).toBe(false);
    }
  });
});
