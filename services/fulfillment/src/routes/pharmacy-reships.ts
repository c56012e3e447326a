import type { Router } from 'express';
import { approveReship, refuseReship, reshipEvidenceUrl, reshipQueue } from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import { bindRoute } from '@clinic/kit';
import type { Reships } from '../domain/reships';
import { pharmacistOf } from '../domain/staff';

/** The pharmacy console's reship requests: the queue, the photo, approve and refuse. */
export function pharmacyReshipRoutes(
  router: Router,
  identity: IdentityDirectory,
  work: Reships,
): void {
  bindRoute(router, reshipQueue, async ({ principal, query, req }) => ({
    status: 'success' as const,
    reships: await work.queue(query.filter, await pharmacistOf(identity, principal, req)),
  }));
  bindRoute(router, reshipEvidenceUrl, async ({ principal, params, req }) => {
    const read = await work.evidenceUrl(
      params.reshipId,
      await pharmacistOf(identity, principal, req),
    );
    return { status: 'success' as const, url: read.url, expiresAt: read.expiresAt };
  });
  bindRoute(router, approveReship, async ({ principal, params, req }) => ({
    status: 'success' as const,
    reship: await work.approve(params.reshipId, await pharmacistOf(identity, principal, req)),
  }));
  bindRoute(router, refuseReship, async ({ principal, params, body, req }) => ({
    status: 'success' as const,
    reship: await work.refuse(
      params.reshipId,
      await pharmacistOf(identity, principal, req),
      body.reason,
    ),
  }));
}
