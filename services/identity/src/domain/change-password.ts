import type { Principal } from '@clinic/contracts';
import type { ServiceRuntime } from '@clinic/kit';
import { hashPassword } from '../passwords/argon2id';
import { revokeUserSessions } from './sessions';
import { storePasswordHash } from './users';

/**
 * A logged-in user's new password. The caller's session stays; every other session of theirs is
 * revoked, so a device someone else holds is logged out. False when the user no longer exists.
 */
export async function changePassword(
  runtime: ServiceRuntime,
  principal: Principal,
  newPassword: string,
): Promise<boolean> {
  const passwordHash = await hashPassword(newPassword);
  const now = runtime.clock.now();
  return runtime.transaction(async (tx, events) => {
    if (!(await storePasswordHash(tx, principal.userId, passwordHash, now))) return false;
    await revokeUserSessions(
      tx,
      events,
      principal.userId,
      now,
      'password-changed',
      principal.sessionId,
    );
    return true;
  });
}
