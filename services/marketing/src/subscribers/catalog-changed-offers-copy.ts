/**
 * checkout's catalog-changed: keeps marketing's copy of the offers (domain/offers-copy.ts). A
 * repeated or older version changes nothing (applyCopy moves forward only); a price change is
 * not marketing's.
 */
import { catalogChanged } from '@clinic/contracts';
import { defineSubscriber } from '@clinic/kit';
import { offersCopy } from '../domain/offers-copy';

export const catalogChangedOffersCopySubscriber = defineSubscriber({
  name: 'keep-offers-copy',
  event: catalogChanged,
  async handle(data, { tx }) {
    if (data.setting === 'offers') await offersCopy.applyCopy(tx, data.version, data.value);
  },
});
