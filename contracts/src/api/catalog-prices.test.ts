import { antiNausea } from '../constants/catalog';
import { defaultPriceTable } from '../rules/pricing';
import { priceTableSchema, storedPriceTableSchema } from './catalog-prices';

describe('the price table', () => {
  const { antiNausea: _addOn, ...beforeTheAddOn } = defaultPriceTable;

  it("is changed only with the add-on's price", () => {
    expect(priceTableSchema.safeParse(beforeTheAddOn).success).toBe(false);
    expect(priceTableSchema.safeParse({ ...defaultPriceTable, antiNausea: 0 }).success).toBe(false);
    expect(priceTableSchema.parse(defaultPriceTable)).toEqual(defaultPriceTable);
  });

  it("reads a table stored before the add-on's price was in it at the spec's price", () => {
    expect(storedPriceTableSchema.parse(beforeTheAddOn).antiNausea).toBe(antiNausea.price);
    expect(
      storedPriceTableSchema.parse({ ...defaultPriceTable, antiNausea: 2497 }).antiNausea,
    ).toBe(2497);
  });
});
