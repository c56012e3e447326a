import type { SessionUser } from '@clinic/contracts';
import type { ServiceRuntime } from '@clinic/kit';
import { sendLoginCode } from '../jobs/definitions/send-login-code';
import { spendPasswordCheck, verifyPassword } from '../passwords/argon2id';
import { matchLoginCode, spendLoginCodeTry, useLoginCode } from './login-codes';
import {
  accountNeedsCode,
  addressWaitMs,
  clearAccountFailures,
  recordLoginFailure,
} from './login-guard';
import { nextSecondFactorStep } from './second-factor';
import { toSessionUser } from './session-user';
import { openSession } from './sessions';
import { openChallenge } from './sign-in-challenges';
import { findUserByEmail } from './users';

export interface LoginAttempt {
  email: string;
  password: string;
  /** The code emailed to the owner, once the account is past its failure limit. */
  code?: string;
  /** The client's address, for the per-address limit. */
  address: string;
}

export type LoginOutcome =
  | { kind: 'logged-in'; user: SessionUser; token: string }
  /** Staff: the password was right; the login goes on with a second factor (second-factor.ts). */
  | { kind: 'second-factor'; challenge: string; next: 'code' | 'enrol' }
  /** A wrong email or password, or an account without a password yet: all alike. */
  | { kind: 'refused' }
  /** Past the account's limit: the login needs the emailed code (sent if the password was right). */
  | { kind: 'code-needed' }
  | { kind: 'code-wrong' }
  | { kind: 'address-limited'; retryAfterMs: number };

/**
 * Checks a login and opens a session (login-guard.ts says which failures count and why a code).
 * Every refusal costs one password hash, and past the account's limit a right and a wrong
 * password get the same answer, so neither the answer nor its time tells whether an email has an
 * account or a guess was right. A code is checked before the password: whoever has no code learns
 * nothing about the password.
 */
export async function logIn(runtime: ServiceRuntime, attempt: LoginAttempt): Promise<LoginOutcome> {
  const now = runtime.clock.now();
  const retryAfterMs = await addressWaitMs(runtime.db, attempt.address, now);
  if (retryAfterMs !== null) return { kind: 'address-limited', retryAfterMs };

  const needsCode = await accountNeedsCode(runtime.db, attempt.email, now);
  // A disabled staff account is answered as an unknown email: nothing tells them apart.
  const found = await findUserByEmail(runtime.db, attempt.email);
  const user = found?.disabledAt === null ? found : undefined;
  const failed = (outcome: LoginOutcome) =>
    runtime.transaction(async (tx) => {
      await recordLoginFailure(tx, attempt, now);
      return outcome;
    });

  let codeId: number | null = null;
  if (needsCode && attempt.code !== undefined) {
    const { code } = attempt;
    codeId = user
      ? await runtime.transaction((tx) => matchLoginCode(tx, user.id, code, now))
      : null;
    if (codeId === null) {
      await spendPasswordCheck(attempt.password);
      return failed({ kind: 'code-wrong' });
    }
  }

  const passwordRight = user?.passwordHash
    ? await verifyPassword(attempt.password, user.passwordHash)
    : (await spendPasswordCheck(attempt.password), false);
  if (!user || !passwordRight) {
    if (codeId !== null) await runtime.transaction((tx) => spendLoginCodeTry(tx, codeId));
    return failed({ kind: needsCode && codeId === null ? 'code-needed' : 'refused' });
  }
  if (needsCode && codeId === null) {
    await runtime.queue.job(sendLoginCode).enqueue({ userId: user.id });
    return { kind: 'code-needed' };
  }

  if (user.role !== 'patient') {
    // The account's failures stay counted until the second factor passes too: wrong codes after
    // a right password add to them, and the emailed code comes back into play past the limit.
    const next = await nextSecondFactorStep(runtime.db, user.id);
    const challenge = await runtime.transaction(async (tx) => {
      if (codeId !== null) await useLoginCode(tx, codeId, now);
      return openChallenge(tx, user.id, now);
    });
    return { kind: 'second-factor', challenge, next };
  }

  const token = await runtime.transaction(async (tx) => {
    if (codeId !== null) await useLoginCode(tx, codeId, now);
    await clearAccountFailures(tx, attempt.email);
    return (await openSession(tx, user, now)).token;
  });
  return { kind: 'logged-in', user: toSessionUser(user), token };
}
