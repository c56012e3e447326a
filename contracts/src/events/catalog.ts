import { z } from 'zod';
import { offerPlansSchema, storedPriceTableSchema } from '../api/catalog-prices';
import { defineEvent } from './envelope';

/**
 * An admin changed a rule of the catalog that checkout keeps (issue 30): the price table or the
 * offers, as a whole, with its new version. A service keeping a copy stores it when the version
 * is newer than its copy (SettingStore.applyCopy), so a repeat or an old event changes nothing.
 * Checkout's own processes need no event: they read the version from the database within 1 s.
 */
export const catalogChanged = defineEvent({
  name: 'catalog-changed',
  version: 1,
  keyOf: (d) => d.setting,
  description:
    'The price table (setting "catalog") or the offers (setting "offers") changed: the whole new value and its version. No person, no patient.',
  schema: z.discriminatedUnion('setting', [
    z.object({
      setting: z.literal('catalog'),
      version: z.number().int(),
      value: z.object({ prices: storedPriceTableSchema }),
    }),
    z.object({
      setting: z.literal('offers'),
      version: z.number().int(),
      value: offerPlansSchema,
    }),
  ]),
});
