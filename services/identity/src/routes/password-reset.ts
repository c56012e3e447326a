/**
 * POST /api/password-reset: a new password through a reset or welcome link. A working link is
 * used up, the password stored as argon2id and every session of the user revoked; an unknown,
 * used, replaced or expired link answers 404 "Link expired!" (no such link, whatever it once
 * was) and changes nothing. Limited to 10
 * attempts per address in 15 minutes (links cannot be guessed, but each attempt may cost a hash).
 */
import type { Router } from 'express';
import { identityMessages, passwordReset } from '@clinic/contracts';
import { bindRoute, HttpError, type ServiceRuntime } from '@clinic/kit';
import { resetPasswordWithLink } from '../domain/reset-password';
import { clientAddress, refuseOverLimit } from './attempt-limits';

export function passwordResetRoute(router: Router, runtime: ServiceRuntime): void {
  bindRoute(router, passwordReset, async ({ body, req, res }) => {
    await refuseOverLimit(runtime, res, [
      { limit: 'passwordResetPerAddress', subject: clientAddress(req) },
    ]);
    if (!(await resetPasswordWithLink(runtime, body.token, body.password)))
      throw new HttpError(404, identityMessages.resetExpired);
    return { status: 'success' as const, message: identityMessages.resetSuccess };
  });
}
