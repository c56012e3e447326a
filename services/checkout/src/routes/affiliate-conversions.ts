/**
 * The marketing console's affiliate conversions (contracts/src/api/affiliate.ts): the list, and
 * the retry of a failed one. Marketing and admins only (bindRoute refuses others from the
 * routes' staffRoles).
 */
import type { Router } from 'express';
import {
  affiliateConversions,
  affiliateConversionsPageSize,
  retryAffiliateConversion,
} from '@clinic/contracts';
import { bindRoute } from '@clinic/kit';
import type { AffiliateConversions } from '../domain/affiliate-conversions';

export function affiliateConversionRoutes(router: Router, work: AffiliateConversions): void {
  bindRoute(router, affiliateConversions, async ({ query }) => {
    const { total, conversions } = await work.list(query.page, query.status);
    return {
      status: 'success' as const,
      page: query.page,
      pageSize: affiliateConversionsPageSize,
      total,
      conversions,
    };
  });
  bindRoute(router, retryAffiliateConversion, async ({ principal, params, req }) => ({
    status: 'success' as const,
    conversion: await work.retry(params.reference, {
      id: principal.userId,
      role: principal.role,
      ip: req.ip ?? null,
    }),
  }));
}
