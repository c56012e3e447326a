/**
 * A staff login's second step (issue 30): the challenge POST /api/login answered, then a code
 * from the authenticator app or a recovery code, or, for a member without an app, its enrolment.
 * Guarantees: no session without both factors; each TOTP time step logs an account in once (the
 * step is claimed in the statement that checks it is newer than the last); each recovery code once;
 * a wrong code counts as a failed login (the account's and the address's limits, login-guard.ts)
 * and against the challenge, which five wrong tries end.
 */
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { SecondFactorReason, SessionUser } from '@clinic/contracts';
import type { ServiceRuntime, Tx } from '@clinic/kit';
import { staffFactors, users } from '../db/schema';
import { matchTotp, newTotpSecret, otpauthUri } from './authenticator';
import { addressWaitMs, clearAccountFailures, recordLoginFailure } from './login-guard';
import {
  matchRecoveryCode,
  newRecoveryCodes,
  spendRecoveryCode,
  storeRecoveryCodes,
} from './recovery-codes';
import { toSessionUser } from './session-user';
import { openSession } from './sessions';
import {
  countWrongTry,
  endChallenge,
  lockLiveChallenge,
  type LiveChallenge,
} from './sign-in-challenges';

/** The authenticator's time in milliseconds: the wall clock (authenticator.ts says why). */
export type AuthenticatorTime = () => number;

export type SecondFactorOutcome =
  | { kind: 'logged-in'; user: SessionUser; token: string }
  | { kind: 'refused'; reason: SecondFactorReason }
  | { kind: 'address-limited'; retryAfterMs: number };

export type EnrolmentOutcome =
  | Exclude<SecondFactorOutcome, { kind: 'logged-in' }>
  | { kind: 'logged-in'; user: SessionUser; token: string; recoveryCodes: string[] }
  /** The account's app was confirmed already: it logs in with a code. */
  | { kind: 'enrolled' };

export type SecondFactorProof = { code: string } | { recovery_code: string };

/** Whether a staff member's login asks for a code, or for enrolment first. */
export async function nextSecondFactorStep(
  db: ServiceRuntime['db'],
  userId: number,
): Promise<'code' | 'enrol'> {
  const [factor] = await db
    .select({ confirmedAt: staffFactors.confirmedAt })
    .from(staffFactors)
    .where(eq(staffFactors.userId, userId));
  return factor?.confirmedAt ? 'code' : 'enrol';
}

async function confirmedSecret(tx: Tx, userId: number): Promise<string | null> {
  const [factor] = await tx
    .select({ secret: staffFactors.secret, confirmedAt: staffFactors.confirmedAt })
    .from(staffFactors)
    .where(eq(staffFactors.userId, userId));
  return factor?.confirmedAt ? factor.secret : null;
}

/** Claims a time step for the account; false when it, or a later one, was claimed before. */
async function claimStep(tx: Tx, userId: number, step: number): Promise<boolean> {
  const claimed = await tx
    .update(staffFactors)
    .set({ lastStep: step })
    .where(
      and(
        eq(staffFactors.userId, userId),
        or(isNull(staffFactors.lastStep), lt(staffFactors.lastStep, step)),
      ),
    )
    .returning({ userId: staffFactors.userId });
  return claimed.length > 0;
}

interface Attempt {
  challenge: string;
  /** The client's address, for the per-address limit. */
  address: string;
}

export class SecondFactor {
  constructor(
    private readonly runtime: ServiceRuntime,
    private readonly authenticatorNow: AuthenticatorTime,
  ) {}

  /** Checks the code or recovery code of a login's challenge and opens the session. */
  async verify(attempt: Attempt & { proof: SecondFactorProof }): Promise<SecondFactorOutcome> {
    const { runtime } = this;
    const now = runtime.clock.now();
    const retryAfterMs = await addressWaitMs(runtime.db, attempt.address, now);
    if (retryAfterMs !== null) return { kind: 'address-limited', retryAfterMs };

    const { proof } = attempt;
    if ('recovery_code' in proof) return this.verifyRecoveryCode(attempt, proof.recovery_code);

    const atMs = this.authenticatorNow();
    return this.settle(attempt, async (tx, live) => {
      const secret = await confirmedSecret(tx, live.user.id);
      const step = secret === null ? null : matchTotp(secret, proof.code, atMs);
      if (step === null) return 'code_wrong';
      return (await claimStep(tx, live.user.id, step)) ? null : 'code_reused';
    });
  }

  private async verifyRecoveryCode(attempt: Attempt, code: string) {
    // The hashes are checked before the transaction (they take a while); the spend is atomic.
    const userId = await this.runtime.transaction(async (tx) => {
      const live = await lockLiveChallenge(tx, attempt.challenge, this.runtime.clock.now());
      return live?.user.id ?? null;
    });
    if (userId === null) return { kind: 'refused' as const, reason: 'challenge_expired' as const };
    const match = await matchRecoveryCode(this.runtime.db, userId, code);
    return this.settle(attempt, async (tx) => {
      if (match === null) return 'recovery_code_wrong';
      if (match.kind === 'used') return 'recovery_code_used';
      return (await spendRecoveryCode(tx, match.id, this.runtime.clock.now()))
        ? null
        : 'recovery_code_used';
    });
  }

  /**
   * Runs `check` on the live challenge in one transaction: a refusal counts against the challenge
   * and as a failed login; a pass ends the challenge and opens the session.
   */
  private async settle(
    attempt: Attempt,
    check: (tx: Tx, live: LiveChallenge) => Promise<SecondFactorReason | null>,
  ): Promise<SecondFactorOutcome> {
    const now = this.runtime.clock.now();
    return this.runtime.transaction(async (tx) => {
      const live = await lockLiveChallenge(tx, attempt.challenge, now);
      if (!live) return { kind: 'refused', reason: 'challenge_expired' };
      const refusal = await check(tx, live);
      if (refusal !== null) {
        await countWrongTry(tx, live.tokenHash);
        await recordLoginFailure(tx, { email: live.user.email, address: attempt.address }, now);
        return { kind: 'refused', reason: refusal };
      }
      await endChallenge(tx, live.tokenHash, now);
      await tx.update(users).set({ lastLoginAt: now }).where(eq(users.id, live.user.id));
      await clearAccountFailures(tx, live.user.email);
      const { token } = await openSession(tx, live.user, now);
      return { kind: 'logged-in', user: toSessionUser(live.user), token };
    });
  }

  /**
   * Starts an enrolment for the challenge's account: a new secret (replacing one not confirmed
   * yet), as an otpauth URI and as text.
   */
  async startEnrolment(
    challenge: string,
  ): Promise<{ secret: string; uri: string } | 'expired' | 'enrolled'> {
    const now = this.runtime.clock.now();
    return this.runtime.transaction(async (tx) => {
      const live = await lockLiveChallenge(tx, challenge, now);
      if (!live) return 'expired';
      if ((await confirmedSecret(tx, live.user.id)) !== null) return 'enrolled';
      const secret = newTotpSecret();
      await tx
        .insert(staffFactors)
        .values({ userId: live.user.id, secret, createdAt: now })
        .onConflictDoUpdate({
          target: staffFactors.userId,
          set: { secret, createdAt: now, lastStep: null },
        });
      return { secret, uri: otpauthUri(live.user.email, secret) };
    });
  }

  /**
   * Confirms an enrolment with the app's first code: the factor counts from then on, ten new
   * recovery codes are stored (hashed) and shown once, and the session opens.
   */
  async confirmEnrolment(attempt: Attempt & { code: string }): Promise<EnrolmentOutcome> {
    const now = this.runtime.clock.now();
    const retryAfterMs = await addressWaitMs(this.runtime.db, attempt.address, now);
    if (retryAfterMs !== null) return { kind: 'address-limited', retryAfterMs };
    const pending = await this.runtime.transaction(async (tx) => {
      const live = await lockLiveChallenge(tx, attempt.challenge, now);
      if (!live) return null;
      const [factor] = await tx
        .select()
        .from(staffFactors)
        .where(eq(staffFactors.userId, live.user.id));
      return { factor };
    });
    if (pending === null) return { kind: 'refused', reason: 'challenge_expired' };
    const { factor } = pending;
    if (factor?.confirmedAt) return { kind: 'enrolled' };
    const step = factor ? matchTotp(factor.secret, attempt.code, this.authenticatorNow()) : null;
    // Only a right code pays for hashing the ten recovery codes.
    const codes = step === null ? null : await newRecoveryCodes();
    const outcome = await this.settle(attempt, async (tx, live) => {
      if (!factor || step === null || codes === null) return 'code_wrong';
      // The secret the code matched, still unconfirmed: a newer enrolment start replaced it.
      const confirmed = await tx
        .update(staffFactors)
        .set({ confirmedAt: now, lastStep: step })
        .where(
          and(
            eq(staffFactors.userId, live.user.id),
            eq(staffFactors.secret, factor.secret),
            isNull(staffFactors.confirmedAt),
          ),
        )
        .returning({ userId: staffFactors.userId });
      if (confirmed.length === 0) return 'code_wrong';
      await storeRecoveryCodes(tx, live.user.id, codes.hashes, now);
      return null;
    });
    if (outcome.kind !== 'logged-in') return outcome;
    return { ...outcome, recoveryCodes: codes?.shown ?? [] };
  }
}
