import type { Router } from 'express';
import { auditTrail } from '@clinic/contracts';
import { bindRoute, type ServiceRuntime } from '@clinic/kit';
import { auditTrail as trailOf } from '../domain/audit';

export function auditTrailRoute(router: Router, runtime: ServiceRuntime): void {
  bindRoute(router, auditTrail, async ({ query }) => ({
    status: 'success' as const,
    ...(await trailOf(runtime, runtime.db, query)),
  }));
}
