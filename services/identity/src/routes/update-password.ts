/**
 * POST /api/update-password: a logged-in user (patient or staff) sets a new password
 * (newPassword, confirmPassword, which must match). The caller stays logged in; their other
 * sessions are revoked. A session older than 15 minutes must also give the current password: a
 * device left logged in, or a stolen token, must not be enough to take the account over.
 */
import type { Router } from 'express';
import { identityMessages, recentLoginMs, updatePassword } from '@clinic/contracts';
import { bindRoute, HttpError, type ServiceRuntime } from '@clinic/kit';
import { changePassword } from '../domain/change-password';
import { findUserById } from '../domain/users';
import { spendPasswordCheck, verifyPassword } from '../passwords/argon2id';

export function updatePasswordRoute(router: Router, runtime: ServiceRuntime): void {
  bindRoute(router, updatePassword, async ({ body, principal }) => {
    const recent = runtime.clock.now().getTime() - principal.startedAt < recentLoginMs;
    if (!recent) {
      if (body.currentPassword === undefined)
        throw new HttpError(403, identityMessages.recentLoginRequired, { reason: 'recent_login' });
      const user = await findUserById(runtime.db, principal.userId);
      const matches = user?.passwordHash
        ? await verifyPassword(body.currentPassword, user.passwordHash)
        : (await spendPasswordCheck(body.currentPassword), false);
      if (!matches) throw new HttpError(403, identityMessages.currentPasswordWrong);
    }
    if (!(await changePassword(runtime, principal, body.newPassword)))
      throw new HttpError(401, identityMessages.notLoggedIn);
    return { status: 'success' as const, message: identityMessages.passwordUpdated };
  });
}
