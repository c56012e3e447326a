import type { ServiceRuntime } from '@clinic/kit';
import { hashPassword } from '../passwords/argon2id';
import { isPasswordLinkUsable, usePasswordLink } from './password-links';
import { revokeUserSessions } from './sessions';
import { storePasswordHash } from './users';

/**
 * Sets a password through a reset or welcome link. In one transaction the link is used up, the
 * hash stored and every session of the user revoked (whoever had the old password is logged
 * out). False when the link is unknown, used, replaced or expired; nothing changes then.
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
    return true;
  });
}
