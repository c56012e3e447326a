import {
  apiRoutes,
  buildOpenApiDocument,
  checkoutAddressSchema,
  isPoBox,
  poBoxPattern,
  shippingAddressSchema,
} from '.';

const poBoxes = [
  'P.O. Box 123',
  'PO BOX 123',
  'P O Box 123',
  'p. o. box 123',
  'POBox 123',
  'P.O.Box123',
  'pobox',
  'Post Office Box 123',
  'post  office box',
  'POB 123',
  'POB 12',
  'Box 123',
  'Box #123',
  'Lock Box 12',
  'Lockbox 12',
  'PO Drawer 7',
  'PO BX 7',
  'Post Box 7',
  'Caller 1234',
  'Firm Caller 12',
  '123 Main St PO Box 5',
];
const streets = [
  '123 Box Elder Rd',
  '123 Boxwood Ln',
  '10 Post Office Rd',
  '12 Pobst Ln',
  '12 Poboy Ct',
  '12 Shadow Box Ct',
  '12 Boxer St',
  '12 Main St',
  '7 Caller Ave',
];

describe('P.O. boxes: one rule for checkout, verification and the published API', () => {
  it.each(poBoxes)('%s is a P.O. box', (line) => {
    expect(isPoBox(line)).toBe(true);
  });

  it.each(streets)('%s is a street', (line) => {
    expect(isPoBox(line)).toBe(false);
  });

  it('is one flagless pattern, so the OpenAPI document refuses the same lines', () => {
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
