/**
 * Job `send-staff-invite`: a set-password link (the 72-hour `welcome` kind) for a staff member an
 * admin invited, issued and emailed here, after the account is committed. At least once: a retry
 * issues a fresh link, which kills the one before, so at most one emailed link works. An account
 * that has a password by then (or is gone, or disabled) is sent nothing.
 */
import { defineJob, type ServiceRuntime } from '@clinic/kit';
import type { IdentityDeps } from '../deps';
import { staffInviteEmail } from '../domain/emails';
import { issuePasswordLink, passwordLinkUrl } from '../domain/password-links';
import { findUserById } from '../domain/users';
import { sendStaffInvite } from './definitions/send-staff-invite';

export function sendStaffInviteJob(runtime: ServiceRuntime, deps: IdentityDeps) {
  return defineJob({
    ...sendStaffInvite,
    async handle({ userId }) {
      const user = await findUserById(runtime.db, userId);
      if (!user || user.passwordHash !== null || user.disabledAt !== null) return;
      const now = runtime.clock.now();
      const token = await runtime.transaction((tx) =>
        issuePasswordLink(tx, userId, 'welcome', now),
      );
      await runtime.notifier.send(
        staffInviteEmail(user.email, user.firstName ?? '', passwordLinkUrl(deps.publicUrl, token)),
      );
    },
  });
}
