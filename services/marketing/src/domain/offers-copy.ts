/**
 * Marketing's copy of checkout's offers (issue 30): which offer variant sold a plan, for the
 * funnel's per-offer counts. Kept from `catalog-changed` (subscribers/catalog-changed-offers-copy)
 * in marketing's own settings table, moving forward only; before any change it reads as the
 * spec's table, as checkout's does.
 */
import { offerPlans, offerPlansSchema, type OfferPlans } from '@clinic/contracts';
import { defineSetting, SettingStore, type Executor } from '@clinic/kit';

export const offersCopy = new SettingStore(
  'marketing',
  defineSetting({
    key: 'offers',
    schema: offerPlansSchema,
    seed: offerPlansSchema.parse(offerPlans),
  }),
);

/** The offers as marketing last heard of them. */
export async function knownOffers(executor: Executor): Promise<OfferPlans> {
  return (await offersCopy.read(executor)).value;
}
