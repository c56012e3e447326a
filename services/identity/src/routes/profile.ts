/**
 * GET /api/profile and POST /api/update-profile: the portal's Profile tab (spec 002). Both act
 * on the caller's own account, named by the session, never by the request: a patient cannot read
 * or change anyone else's profile.
 */
import type { Router } from 'express';
import { getProfile, profileMessages, updateProfile } from '@clinic/contracts';
import { bindRoute, type ServiceRuntime } from '@clinic/kit';
import { readProfile, updateProfile as saveProfile } from '../domain/profile';

export function profileRoutes(router: Router, runtime: ServiceRuntime): void {
  bindRoute(router, getProfile, async ({ principal }) => ({
    status: 'success' as const,
    profile: await readProfile(runtime.db, principal.userId),
  }));

  bindRoute(router, updateProfile, async ({ body, principal }) => {
    await saveProfile(runtime, principal.userId, body);
    return { status: 'success' as const, message: profileMessages.profileUpdated };
  });
}
