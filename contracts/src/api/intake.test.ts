import { offerVariants } from '../constants/tracking';
import { trackingDataSchema } from './intake';

describe("the lead's tracking data", () => {
  it('carries the active offer of each drug, any of the offer variants', () => {
    for (const variant of offerVariants)
      expect(trackingDataSchema.parse({ sema_offer: variant, tir_offer: variant })).toEqual({
        sema_offer: variant,
        tir_offer: variant,
      });
    // Optional, as every tracking field: a lead sent before the offers were sent is valid.
    expect(trackingDataSchema.parse({ utm_source: 'google' })).toEqual({ utm_source: 'google' });
  });

  it.each([['Z'], ['a'], [''], [1], [null]])(
    'refuses %p as an offer, naming the field',
    (value) => {
      const result = trackingDataSchema.safeParse({ utm_source: 'google', tir_offer: value });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.path)).toEqual([['tir_offer']]);
    },
  );
});
