/**
 * The one-time codes that let an account's owner log in past its failure limit (login-guard.ts).
 * Six digits from the CSPRNG, kept only as a salted SHA-256 and compared in constant time; one
 * live code per account (a new one replaces the old), valid 15 minutes and for 5 tries. Issued
 * only after the right password, at most once a minute and 5 times an hour: nobody without the
 * password can fill the owner's inbox.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Executor, Tx } from '@clinic/kit';
import { loginCodes } from '../db/schema';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

export const loginCodeRules = {
  digits: 6,
  validMs: 15 * MINUTE,
  triesPerCode: 5,
  resendAfterMs: MINUTE,
  perHour: 5,
} as const;

function digest(salt: string, code: string): Buffer {
  return createHash('sha256').update(`${salt}:${code}`).digest();
}

/** The account's newest code that still works, if any. */
async function liveCode(db: Executor, userId: number, now: Date) {
  const [code] = await db
    .select()
    .from(loginCodes)
    .where(
      and(
        eq(loginCodes.userId, userId),
        isNull(loginCodes.usedAt),
        isNull(loginCodes.supersededAt),
        gt(loginCodes.expiresAt, now),
        lt(loginCodes.wrongTries, loginCodeRules.triesPerCode),
      ),
    )
    .orderBy(desc(loginCodes.createdAt), desc(loginCodes.id))
    .limit(1);
  return code;
}

/**
 * A new code for the account, replacing the live one; null when one was issued less than a minute
 * ago or five in the last hour (the code already sent is still the one to use). A retry of a send
 * that failed (`resending`) skips the minute: the code it issued never reached anyone.
 */
export async function issueLoginCode(
  tx: Tx,
  userId: number,
  now: Date,
  resending = false,
): Promise<string | null> {
  const recent = await tx
    .select({ createdAt: loginCodes.createdAt })
    .from(loginCodes)
    .where(
      and(eq(loginCodes.userId, userId), gte(loginCodes.createdAt, new Date(now.getTime() - HOUR))),
    )
    .orderBy(desc(loginCodes.createdAt));
  const newest = recent[0]?.createdAt;
  if (!resending && newest && now.getTime() - newest.getTime() < loginCodeRules.resendAfterMs)
    return null;
  if (recent.length >= loginCodeRules.perHour) return null;

  // Codes older than the hourly cap's window matter no more.
  await tx
    .delete(loginCodes)
    .where(
      and(eq(loginCodes.userId, userId), lt(loginCodes.createdAt, new Date(now.getTime() - HOUR))),
    );
  await tx
    .update(loginCodes)
    .set({ supersededAt: now })
    .where(
      and(
        eq(loginCodes.userId, userId),
        isNull(loginCodes.usedAt),
        isNull(loginCodes.supersededAt),
      ),
    );
  const code = String(randomInt(0, 10 ** loginCodeRules.digits)).padStart(
    loginCodeRules.digits,
    '0',
  );
  const salt = randomBytes(16).toString('base64url');
  await tx.insert(loginCodes).values({
    userId,
    salt,
    codeHash: digest(salt, code).toString('base64url'),
    createdAt: now,
    expiresAt: new Date(now.getTime() + loginCodeRules.validMs),
  });
  return code;
}

/**
 * The id of the account's live code when `entered` is it; otherwise null, and the live code (if
 * any) loses one of its tries.
 */
export async function matchLoginCode(
  tx: Tx,
  userId: number,
  entered: string,
  now: Date,
): Promise<number | null> {
  const code = await liveCode(tx, userId, now);
  if (!code) return null;
  const matches = timingSafeEqual(
    digest(code.salt, entered),
    Buffer.from(code.codeHash, 'base64url'),
  );
  if (matches) return code.id;
  await spendLoginCodeTry(tx, code.id);
  return null;
}

/** A wrong try with a code (a wrong code, or the right code with a wrong password). */
export async function spendLoginCodeTry(tx: Tx, codeId: number): Promise<void> {
  await tx
    .update(loginCodes)
    .set({ wrongTries: sql`${loginCodes.wrongTries} + 1` })
    .where(eq(loginCodes.id, codeId));
}

/** The code let its owner in: it works once. */
export async function useLoginCode(tx: Tx, codeId: number, now: Date): Promise<void> {
  await tx.update(loginCodes).set({ usedAt: now }).where(eq(loginCodes.id, codeId));
}
