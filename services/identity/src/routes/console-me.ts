/**
 * GET /api/console/me: who is opening the staff console, and the sections their role may open.
 * The console asks this before showing anything, so a browser's own idea of the role never
 * decides: the route's staff-only auth answers a patient's token 403 and no token 401.
 */
import type { Router } from 'express';
import { consoleMe, consoleSectionsFor, identityMessages } from '@clinic/contracts';
import { bindRoute, HttpError, type ServiceRuntime } from '@clinic/kit';
import { findUserById } from '../domain/users';

export function consoleMeRoute(router: Router, runtime: ServiceRuntime): void {
  bindRoute(router, consoleMe, async ({ principal }) => {
    const user = await findUserById(runtime.db, principal.userId);
    // The session resolved a moment ago; an account removed since then is logged out.
    if (!user) throw new HttpError(401, identityMessages.notLoggedIn);
    const { role } = user;
    if (role === 'patient') throw new HttpError(403, 'This is for clinic staff only.');
    return {
      status: 'success' as const,
      staff: {
        id: user.id,
        first_name: user.firstName ?? '',
        last_name: user.lastName ?? '',
        email: user.email,
        role,
      },
      sections: consoleSectionsFor(role),
    };
  });
}
