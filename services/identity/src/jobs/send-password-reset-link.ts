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
import { defineJob, type ServiceRuntime } from '@clinic/kit';
import type { IdentityDeps } from '../deps';
import { emailPasswordResetLink } from '../domain/reset-link';
import { sendPasswordResetLink } from './definitions/send-password-reset-link';

export function sendPasswordResetLinkJob(runtime: ServiceRuntime, deps: IdentityDeps) {
  return defineJob({
    ...sendPasswordResetLink,
    handle: ({ email }) => emailPasswordResetLink(runtime, deps.publicUrl, email),
  });
}
