import type { Router } from 'express';
import { reviewQueue } from '@clinic/contracts';
import { bindRoute, type ServiceRuntime } from '@clinic/kit';
import { caseOfOrder, reviewQueue as queueOf } from '../domain/case-summaries';

export function reviewQueueRoute(router: Router, runtime: ServiceRuntime): void {
  bindRoute(router, reviewQueue, async ({ principal, query }) => ({
    status: 'success' as const,
    cases:
      query.number === undefined
        ? await queueOf(runtime.db, query.filter, principal.userId)
        : await caseOfOrder(runtime.db, query.number),
  }));
}
