import type { SessionUser } from '@clinic/contracts';
import type { ServiceRuntime } from '@clinic/kit';
import { spendPasswordCheck, verifyPassword } from '../passwords/argon2id';
import { toSessionUser } from './session-user';
import { openSession } from './sessions';
import { findUserByEmail } from './users';

export interface LoggedIn {
  user: SessionUser;
  token: string;
}

/**
 * Checks email and password and opens a session; null for a wrong email, a wrong password or an
 * account that has no password yet, all alike. Every refusal costs one password hash, so the
 * answer time does not reveal which emails have accounts.
 */
export async function logIn(
  runtime: ServiceRuntime,
  email: string,
  password: string,
): Promise<LoggedIn | null> {
  const user = await findUserByEmail(runtime.db, email);
  if (!user?.passwordHash) {
    await spendPasswordCheck(password);
    return null;
  }
  if (!(await verifyPassword(password, user.passwordHash))) return null;
  const { token } = await openSession(runtime.db, user, runtime.clock.now());
  return { user: toSessionUser(user), token };
}
