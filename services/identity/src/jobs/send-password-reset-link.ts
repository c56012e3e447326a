/**
 * Job `send-password-reset-link`: emails a reset link to the account of an email, if any.
 *
 * Forgot-password only queues this job and answers, the same way for every email: the lookup,
 * the link and the email happen here, so neither the answer nor its timing tells whether the
 * email has an account. At least once like every job: a retry after a crash issues a fresh link,
 * which kills the one before, so at most one emailed link works.
 *
 * Defined once: `sendPasswordResetLink` (name, payload, retries) is what callers enqueue through,
 * typed by its schema; `sendPasswordResetLinkJob` adds the handler when the service is built.
 */
import { z } from 'zod';
import { defineJob, jobType, type ServiceRuntime } from '@clinic/kit';
import type { IdentityDeps } from '../deps';
import { emailPasswordResetLink } from '../domain/reset-link';

export const sendPasswordResetLink = jobType({
  name: 'send-password-reset-link',
  schema: z.object({ email: z.string().max(256) }),
  attempts: 5,
  backoffMs: 2000,
});

export function sendPasswordResetLinkJob(runtime: ServiceRuntime, deps: IdentityDeps) {
  return defineJob({
    ...sendPasswordResetLink,
    handle: ({ email }) => emailPasswordResetLink(runtime, deps.publicUrl, email),
  });
}

export async function queuePasswordResetLink(
  runtime: ServiceRuntime,
  email: string,
): Promise<void> {
  await runtime.queue.job(sendPasswordResetLink).enqueue({ email });
}
