/**
 * One-time recovery codes: ten per enrolment, each ten characters from an alphabet without
 * look-alikes (about 49 bits), shown once and stored as argon2id hashes like passwords. A code
 * logs in once: it is spent in the same statement that checks it is unspent, so two logins with
 * one code at once cannot both pass.
 */
import { randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor, Tx } from '@clinic/kit';
import { recoveryCodes } from '../db/schema';
import { hashPassword, verifyPassword } from '../passwords/argon2id';

export const RECOVERY_CODE_COUNT = 10;
const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A new code as shown: two groups of five ("abcde-fghjk"). */
function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** The form a code is hashed and compared in: the contract's (lower-case, no dash or space). */
const canonical = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/** Ten new codes as shown, with their hashes. */
export async function newRecoveryCodes(): Promise<{ shown: string[]; hashes: string[] }> {
  const shown = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(shown.map((code) => hashPassword(canonical(code))));
  return { shown, hashes };
}

/** Replaces the account's codes with new ones (an enrolment). */
export async function storeRecoveryCodes(
  tx: Tx,
  userId: number,
  hashes: string[],
  now: Date,
): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx
    .insert(recoveryCodes)
    .values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
}

export type RecoveryCodeMatch = { kind: 'unused'; id: number } | { kind: 'used' } | null;

/** Which of the account's codes `code` is (its hash checks are the slow part: no transaction). */
export async function matchRecoveryCode(
  db: Executor,
  userId: number,
  code: string,
): Promise<RecoveryCodeMatch> {
  const rows = await db
    .select({
      id: recoveryCodes.id,
      codeHash: recoveryCodes.codeHash,
      usedAt: recoveryCodes.usedAt,
    })
    .from(recoveryCodes)
    .where(eq(recoveryCodes.userId, userId));
  for (const row of rows) {
    if (await verifyPassword(canonical(code), row.codeHash)) {
      return row.usedAt === null ? { kind: 'unused', id: row.id } : { kind: 'used' };
    }
  }
  return null;
}

/** Spends a code; false when another login spent it first. */
export async function spendRecoveryCode(tx: Tx, id: number, now: Date): Promise<boolean> {
  const spent = await tx
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.id, id), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return spent.length > 0;
}
