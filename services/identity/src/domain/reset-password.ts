import type { ServiceRuntime } from '@clinic/kit';
import { hashPassword } from '../passwords/argon2id';
import { isPasswordLinkUsable, usePasswordLink } from './password-links';
import { clearAccountFailures } from './login-guard';
import { revokeUserSessions } from './sessions';
import { findUserById, storePasswordHash } from './users';

/**
 * Sets a password through a reset or welcome link. In one transaction the link is used up, the
 * hash stored, every session of the user revoked (whoever had the old password is logged out)
 * and the account's login failures cleared. False when the link is unknown, used, replaced or expired; nothing changes then.
 */
export async function resetPasswordWithLink(
  runtime: ServiceRuntime,
  token: string,
  password: string,
): Promise<boolean> {
  const now = runtime.clock.now();
  // Hashing is the expensive part: a dead link is refused before it.
  if (!(await isPasswordLinkUsable(runtime.db, token, now))) return false;
  const passwordHash = await hashPassword(password);
  return runtime.transaction(async (tx, events) => {
    const userId = await usePasswordLink(tx, token, now);
    if (userId === null) return false;
    await storePasswordHash(tx, userId, passwordHash, now);
    await revokeUserSessions(tx, events, userId, now, 'password-reset');
    // The link proved the inbox is theirs: the new password alone logs in.
    const user = await findUserById(tx, userId);
    if (user) await clearAccountFailures(tx, user.email);
    return true;
  });
}
