import type { Router } from 'express';
import { claimCase, releaseCase } from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import { bindRoute, type ServiceRuntime } from '@clinic/kit';
import type { Cases } from '../domain/cases';
import { staffRequest } from './staff-request';

export function claimRoutes(
  router: Router,
  runtime: ServiceRuntime,
  identity: IdentityDirectory,
  work: Cases,
): void {
  bindRoute(router, claimCase, async ({ principal, params, req }) => ({
    status: 'success' as const,
    case: await work.claim(params.orderId, await staffRequest(runtime, identity, principal, req)),
  }));
  bindRoute(router, releaseCase, async ({ principal, params, req }) => ({
    status: 'success' as const,
    case: await work.release(params.orderId, await staffRequest(runtime, identity, principal, req)),
  }));
}
