/**
 * Marketing's affiliate conversion calls (contracts/src/api/affiliate.ts) through the typed
 * client: a page of conversions, optionally of one status, and the retry of a failed one. Every
 * answer is parsed by the route's response schema.
 */
import {
  backgroundActivityHeaders,
  affiliateConversions,
  retryAffiliateConversion,
  type AffiliateConversion,
  type AffiliateConversionStatus,
} from '@clinic/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../api/client';

export type ConversionsAnswer = z.infer<typeof affiliateConversions.response>;

/** GET /api/console/marketing/affiliate-conversions?page=&status=. */
export function affiliateConversionsQuery(page: number, status: AffiliateConversionStatus | null) {
  return queryOptions<ConversionsAnswer, Error>({
    queryKey: ['affiliate-conversions', page, status],
    queryFn: () =>
      callApi(affiliateConversions, {
        query: status ? { page, status } : { page },
        headers: backgroundActivityHeaders,
      }),
    retry: false,
    // Attempts finish and retries run while marketing watches: read again.
    refetchInterval: 30_000,
  });
}

/** POST .../{reference}/retry: the conversion as it stands after the retry was queued. */
export async function retryConversion(reference: string): Promise<AffiliateConversion> {
  return (await callApi(retryAffiliateConversion, { params: { reference } })).conversion;
}
