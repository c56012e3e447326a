/**
 * POST /api/update-password: a logged-in user (patient or staff) sets a new password
 * (newPassword, confirmPassword, which must match). The caller stays logged in; their other
 * sessions are revoked.
 */
import type { Router } from 'express';
import { identityMessages, updatePassword } from '@clinic/contracts';
import { bindRoute, HttpError, type ServiceRuntime } from '@clinic/kit';
import { changePassword } from '../domain/change-password';

export function updatePasswordRoute(router: Router, runtime: ServiceRuntime): void {
  bindRoute(router, updatePassword, async ({ body, principal }) => {
    if (!(await changePassword(runtime, principal, body.newPassword)))
      throw new HttpError(401, identityMessages.notLoggedIn);
    return { status: 'success' as const, message: identityMessages.passwordUpdated };
  });
}
