/**
 * POST /api/forgot-password: answers "We have emailed you a link..." for every email, with or
 * without an account (recovery never reveals accounts; the spec's "No user found" is dropped on
 * purpose). The link is made and emailed by a background job, so the answer time is the same too.
 * Limited to 3 per email and 10 per address per hour; a refused request queues nothing.
 */
import type { Router } from 'express';
import { forgotPassword, identityMessages } from '@clinic/contracts';
import { bindRoute, type ServiceRuntime } from '@clinic/kit';
import { queuePasswordResetLink } from '../jobs/definitions/send-password-reset-link';
import { clientAddress, refuseOverLimit } from './attempt-limits';

export function forgotPasswordRoute(router: Router, runtime: ServiceRuntime): void {
  bindRoute(router, forgotPassword, async ({ body, req, res }) => {
    await refuseOverLimit(runtime, res, [
      { limit: 'forgotPasswordPerEmail', subject: body.email },
      { limit: 'forgotPasswordPerAddress', subject: clientAddress(req) },
    ]);
    await queuePasswordResetLink(runtime, body.email);
    return { status: 'success' as const, message: identityMessages.forgotSuccess };
  });
}
