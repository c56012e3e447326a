import type { Router } from 'express';
import { reviewQueue } from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import { bindRoute, type ServiceRuntime } from '@clinic/kit';
import { recordListed } from '../domain/audit';
import { caseOfOrder, reviewQueue as queueOf } from '../domain/case-summaries';
import { staffRequest } from './staff-request';

/** The review queue's tabs and the search by number; each listing is audited before it answers. */
export function reviewQueueRoute(
  router: Router,
  runtime: ServiceRuntime,
  identity: IdentityDirectory,
): void {
  bindRoute(router, reviewQueue, async ({ principal, query, req }) => {
    const who = await staffRequest(runtime, identity, principal!, req);
    const cases =
      query.number === undefined
        ? await queueOf(runtime.db, query.filter, principal!.userId)
        : await caseOfOrder(runtime.db, query.number);
    const subject = query.number === undefined ? `queue: ${query.filter}` : 'search by number';
    await recordListed(runtime, runtime.db, who, cases, subject);
    return { status: 'success' as const, cases };
  });
}
