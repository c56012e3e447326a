import type { Router } from 'express';
import { caseFileReadUrl, caseView } from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import { bindRoute, type ServiceRuntime } from '@clinic/kit';
import type { CaseViews } from '../domain/case-views';
import { staffRequest } from './staff-request';

export function caseViewRoutes(
  router: Router,
  runtime: ServiceRuntime,
  identity: IdentityDirectory,
  views: CaseViews,
): void {
  bindRoute(router, caseView, async ({ principal, params, req }) => ({
    status: 'success' as const,
    view: await views.read(params.orderId, await staffRequest(runtime, identity, principal, req)),
  }));
  bindRoute(router, caseFileReadUrl, async ({ principal, params, req }) => ({
    status: 'success' as const,
    ...(await views.fileRead(
      params.orderId,
      params.fileName,
      await staffRequest(runtime, identity, principal, req),
    )),
  }));
}
