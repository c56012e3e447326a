import { queryOptions, useQuery } from '@tanstack/react-query';
import { currentOffers, offerPlans, type OfferPlans } from '@clinic/contracts';
import { callApi } from '../api/client';

/**
 * The offers (spec 000 section 3, "Offer plans"): which plan each drug sells under a landing
 * link's offer, as checkout keeps them now (an admin may change them). Read fresh each minute;
 * while checkout cannot be asked, the spec's table, which save-cart checks again anyway.
 */
export const offersQuery = queryOptions<OfferPlans>({
  queryKey: ['offers'] as const,
  queryFn: async () => {
    try {
      return (await callApi(currentOffers)).offers;
    } catch {
      return offerPlans;
    }
  },
  staleTime: 60_000,
  retry: false,
});

/** The offers now. */
export function useOffers() {
  return useQuery(offersQuery);
}
