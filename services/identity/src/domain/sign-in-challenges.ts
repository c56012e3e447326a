/**
 * The challenge between a staff member's right password and their second factor: a bearer secret
 * (only its SHA-256 stored) that names the account for five minutes and five wrong tries, and
 * ends with the login it finishes. Whoever holds it has passed the password and nothing more.
 */
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Executor, Tx } from '@clinic/kit';
import { signInChallenges, users, type UserRow } from '../db/schema';
import { hashSecretToken, looksLikeSecretToken, newSecretToken } from './secret-tokens';

export const challengeLimits = { lifetimeMs: 5 * 60 * 1000, wrongTries: 5 } as const;

/** Opens a challenge for the account; prunes the ones whose time is over. */
export async function openChallenge(db: Executor, userId: number, now: Date): Promise<string> {
  const { token, hash } = newSecretToken();
  await db.insert(signInChallenges).values({
    tokenHash: hash,
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + challengeLimits.lifetimeMs),
  });
  await db.delete(signInChallenges).where(lte(signInChallenges.expiresAt, now));
  return token;
}

export interface LiveChallenge {
  tokenHash: string;
  user: UserRow;
}

/**
 * The live challenge behind a token and its account, locked until the transaction ends (two
 * tries at once are taken in turn; the account row too), or null for an unknown, used, expired or exhausted one.
 */
export async function lockLiveChallenge(
  tx: Tx,
  token: string,
  now: Date,
): Promise<LiveChallenge | null> {
  if (!looksLikeSecretToken(token)) return null;
  const [found] = await tx
    .select({ challenge: signInChallenges, user: users })
    .from(signInChallenges)
    .innerJoin(users, eq(users.id, signInChallenges.userId))
    .where(eq(signInChallenges.tokenHash, hashSecretToken(token)))
    .for('update');
  if (!found) return null;
  const { challenge, user } = found;
  const live =
    user.disabledAt === null &&
    challenge.usedAt === null &&
    challenge.expiresAt > now &&
    challenge.wrongTries < challengeLimits.wrongTries;
  return live ? { tokenHash: challenge.tokenHash, user } : null;
}

/** Counts a wrong code against the challenge. */
export async function countWrongTry(tx: Tx, tokenHash: string): Promise<void> {
  await tx
    .update(signInChallenges)
    .set({ wrongTries: sql`${signInChallenges.wrongTries} + 1` })
    .where(eq(signInChallenges.tokenHash, tokenHash));
}

/** Ends the challenge with the login it finished. */
export async function endChallenge(tx: Tx, tokenHash: string, now: Date): Promise<void> {
  await tx
    .update(signInChallenges)
    .set({ usedAt: now })
    .where(and(eq(signInChallenges.tokenHash, tokenHash), isNull(signInChallenges.usedAt)));
}
