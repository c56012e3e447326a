/**
 * Job `send-password-reset-link`: emails a reset link to the account of an email, if any.
 *
 * Forgot-password only queues this job and answers, the same way for every email: the lookup,
 * the link and the email happen here, so neither the answer nor its timing tells whether the
 * email has an account. At least once like every job: a retry after a crash issues a fresh link,
 * which kills the one before, so at most one emailed link works.
 */
import { z } from 'zod';
import { defineJob, type ServiceRuntime } from '@clinic/kit';
import type { IdentityDeps } from '../deps';
import { emailPasswordResetLink } from '../domain/reset-link';

export const SEND_PASSWORD_RESET_LINK_JOB = 'send-password-reset-link';

export const sendPasswordResetLinkPayload = z.object({ email: z.string().max(256) });

export function sendPasswordResetLinkJob(runtime: ServiceRuntime, deps: IdentityDeps) {
  return defineJob({
    name: SEND_PASSWORD_RESET_LINK_JOB,
    schema: sendPasswordResetLinkPayload,
    attempts: 5,
    backoffMs: 2000,
    handle: ({ email }) => emailPasswordResetLink(runtime, deps.publicUrl, email),
  });
}

export async function queuePasswordResetLink(
  runtime: ServiceRuntime,
  email: string,
): Promise<void> {
  await runtime.queue.enqueue(SEND_PASSWORD_RESET_LINK_JOB, { email });
}
