import type { ServiceRuntime } from '@clinic/kit';
import { passwordResetEmail } from './emails';
import { issuePasswordLink, passwordLinkUrl } from './password-links';
import { findUserByEmail } from './users';

/**
 * Emails a reset link to the account of `email`, if there is one; says nothing either way to the
 * caller (it runs in a background job, see jobs/send-password-reset-link.ts). The email is queued
 * after the link is committed, so no email ever carries a link that does not exist.
 */
export async function emailPasswordResetLink(
  runtime: ServiceRuntime,
  publicUrl: string,
  email: string,
): Promise<void> {
  const user = await findUserByEmail(runtime.db, email);
  if (!user) return;
  const now = runtime.clock.now();
  const token = await runtime.transaction((tx) => issuePasswordLink(tx, user.id, 'reset', now));
  await runtime.notifier.send(passwordResetEmail(user.email, passwordLinkUrl(publicUrl, token)));
}
