import type { Router } from 'express';
import { assessmentOutcome } from '@clinic/contracts';
import { bindRoute, type ServiceRuntime } from '@clinic/kit';
import { outcomeOf } from '../domain/outcomes';

export function assessmentOutcomeRoute(router: Router, runtime: ServiceRuntime): void {
  bindRoute(router, assessmentOutcome, async ({ principal, params }) => ({
    status: 'success' as const,
    ...(await outcomeOf(runtime.db, principal, params.id)),
  }));
}
