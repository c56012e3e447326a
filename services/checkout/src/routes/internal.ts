/**
 * Checkout's internal route, for intake in cluster mode (HttpOpenWork): how many open carts are
 * in some states, the preview of a change of the per-state rules. Counts only, never who. Never
 * published: the gateway does not route /internal, and each call must carry the cluster's
 * internal token (403 without); a body outside the contract gets 400.
 */
import type { Router } from 'express';
import { openWorkRequestSchema, stateRulesInternalPaths } from '@clinic/contracts';
import {
  describeIssues,
  internalOnly,
  InvalidRequestError,
  type ServiceRuntime,
} from '@clinic/kit';
import { countOpenCarts } from '../domain/served-states';

export function internalRoutes(router: Router, runtime: ServiceRuntime): void {
  router.post(
    stateRulesInternalPaths.openCarts,
    internalOnly(runtime.engines.principals),
    async (req, res) => {
      const parsed = openWorkRequestSchema.safeParse(req.body);
      if (!parsed.success)
        throw new InvalidRequestError(`Invalid request body: ${describeIssues(parsed.error)}`);
      res.json({ count: await countOpenCarts(runtime.db, parsed.data.states) });
    },
  );
}
