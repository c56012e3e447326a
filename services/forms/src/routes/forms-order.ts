/** GET /forms/orders/{id}: the caller's pending order as the form loader reads it (spec 002 section 4). */
import type { Router } from 'express';
import { formsOrder } from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import { bindRoute, type ServiceRuntime } from '@clinic/kit';
import { formsOrderFor } from '../domain/orders';

export function formsOrderRoute(
  router: Router,
  runtime: ServiceRuntime,
  identity: IdentityDirectory,
): void {
  bindRoute(router, formsOrder, ({ principal, params }) =>
    formsOrderFor(runtime.db, identity, principal, params.id),
  );
}
