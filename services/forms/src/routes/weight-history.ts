/** GET /api/weight-history: the weights the caller reported, for the portal's progress chart. */
import type { Router } from 'express';
import { weightHistory } from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import { bindRoute, type ServiceRuntime } from '@clinic/kit';
import { weightHistoryOf } from '../domain/weight-history';

export function weightHistoryRoute(
  router: Router,
  runtime: ServiceRuntime,
  identity: IdentityDirectory,
): void {
  bindRoute(router, weightHistory, async ({ principal }) => ({
    weights: await weightHistoryOf(runtime, identity, principal.userId),
  }));
}
