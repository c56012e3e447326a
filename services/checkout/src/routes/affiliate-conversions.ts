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
import { requireStaff, type IdentityDirectory } from '@clinic/identity-client';
import { bindRoute } from '@clinic/kit';
import type { AffiliateConversions } from '../domain/affiliate-conversions';

export function affiliateConversionRoutes(
  router: Router,
  work: AffiliateConversions,
  identity: IdentityDirectory | undefined,
): void {
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
  bindRoute(router, retryAffiliateConversion, async ({ principal, params, req }) => {
    // The audit line names who retried, by identity's name when checkout can ask it. Asked
    // outside the retry's transaction: identity may share the embedded database's connection.
    const member = identity ? await requireStaff(identity, principal.userId) : null;
    return {
      status: 'success' as const,
      conversion: await work.retry(params.reference, {
        id: principal.userId,
        name: member?.name ?? null,
        role: member?.role ?? principal.role,
        ip: req.ip ?? null,
      }),
    };
  });
}
