/**
 * Login limits (BRIEF section 5; issue 26, item 14). Only failures count, once for the account
 * (the email, known or not, so the answers never tell which emails have accounts) and once for
 * the client address; a successful login counts nowhere, so twenty staff behind one NAT log in
 * all day. They live in identity's database: a restart of the single process forgets nothing,
 * and every identity replica of a cluster shares them.
 *
 * - Per address: 20 failures in 15 minutes, then 429 until the oldest of them leaves the window.
 * - Per account: 5 failures in 15 minutes, then the right password alone is not enough: the
 *   login also needs a one-time code emailed to the account's owner (login-codes.ts).
 *
 * Why a code rather than a delay: a delay can be renewed by whoever keeps sending wrong
 * passwords, so an attacker who knows a clinician's email could keep them out all shift; a code
 * sent to the owner's inbox lets the owner in at once and is useless to anyone else. And past the
 * limit the answer without a code is the same for a right and a wrong password, so guessing
 * further learns nothing.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { Executor, Tx } from '@clinic/kit';
import { loginFailures } from '../db/schema';

const MINUTE = 60 * 1000;

export const loginLimits = {
  perAccount: { limit: 5, windowMs: 15 * MINUTE },
  perAddress: { limit: 20, windowMs: 15 * MINUTE },
} as const;

type Subject = { kind: 'account' | 'address'; value: string };

function subjectKey({ kind, value }: Subject): string {
  return `${kind}:${createHash('sha256').update(value).digest('base64url')}`;
}

const accountOf = (email: string): Subject => ({ kind: 'account', value: email });
const addressOf = (address: string): Subject => ({ kind: 'address', value: address });

/** The failures of a subject still in its window, oldest first. */
async function failuresInWindow(db: Executor, subject: Subject, now: Date): Promise<Date[]> {
  const { windowMs } = subject.kind === 'account' ? loginLimits.perAccount : loginLimits.perAddress;
  const rows = await db
    .select({ at: loginFailures.failedAt })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.subject, subjectKey(subject)),
        gt(loginFailures.failedAt, new Date(now.getTime() - windowMs)),
      ),
    )
    .orderBy(asc(loginFailures.failedAt));
  return rows.map((r) => r.at);
}

/** How long until the address may try again, or null while it is within its limit. */
export async function addressWaitMs(
  db: Executor,
  address: string,
  now: Date,
): Promise<number | null> {
  const { limit, windowMs } = loginLimits.perAddress;
  const failures = await failuresInWindow(db, addressOf(address), now);
  if (failures.length < limit) return null;
  // Allowed again once enough of them leave the window to bring the count under the limit.
  const freeing = failures[failures.length - limit]!;
  return Math.max(1000, freeing.getTime() + windowMs - now.getTime());
}

/** Whether the account has reached its failure limit: a login then needs an emailed code. */
export async function accountNeedsCode(db: Executor, email: string, now: Date): Promise<boolean> {
  const failures = await failuresInWindow(db, accountOf(email), now);
  return failures.length >= loginLimits.perAccount.limit;
}

/** Counts one failed login against the account and the address; drops what every window left. */
export async function recordLoginFailure(
  tx: Tx,
  attempt: { email: string; address: string },
  now: Date,
): Promise<void> {
  await tx.insert(loginFailures).values(
    [accountOf(attempt.email), addressOf(attempt.address)].map((s) => ({
      subject: subjectKey(s),
      failedAt: now,
    })),
  );
  const longest = Math.max(loginLimits.perAccount.windowMs, loginLimits.perAddress.windowMs);
  await tx
    .delete(loginFailures)
    .where(lte(loginFailures.failedAt, new Date(now.getTime() - longest)));
}

/** A login that succeeded (or a password reset) clears the account's failures. */
export async function clearAccountFailures(db: Executor, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.subject, subjectKey(accountOf(email))));
}
