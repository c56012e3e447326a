/**
 * POST /api/console/activity: the console says its person is there (they moved, typed, scrolled,
 * or pressed "Stay signed in"), so their session's 15-minute idle deadline starts again. A session
 * that ended meanwhile gets 401, and the console signs out.
 */
import type { Router } from 'express';
import { consoleActivity, identityMessages } from '@clinic/contracts';
import { bindRoute, HttpError, type ServiceRuntime } from '@clinic/kit';
import { keepSessionAlive } from '../domain/sessions';

export function consoleActivityRoute(router: Router, runtime: ServiceRuntime): void {
  bindRoute(router, consoleActivity, async ({ principal }) => {
    if (!(await keepSessionAlive(runtime.db, principal, runtime.clock.now())))
      throw new HttpError(401, identityMessages.notLoggedIn);
    return { status: 'success' as const };
  });
}
