import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '@clinic/kit';
import { passwordTokens, type PasswordLinkPurpose } from '../db/schema';
import { passwordLinkLifetimeMs } from './lifetimes';
import { hashSecretToken, looksLikeSecretToken, newSecretToken } from './secret-tokens';

/**
 * Single-use links that set a password (`/password-reset/<token>`). Only the newest link of a
 * user works: issuing one kills the user's older unused links, so an old email lying in an inbox
 * cannot be used after a newer one was asked for.
 */

/** The web page the emailed link opens. */
export function passwordLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/password-reset/${token}`;
}

export async function issuePasswordLink(
  db: Executor,
  userId: number,
  purpose: PasswordLinkPurpose,
  now: Date,
): Promise<string> {
  await db
    .update(passwordTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(passwordTokens.userId, userId),
        isNull(passwordTokens.usedAt),
        isNull(passwordTokens.revokedAt),
      ),
    );
  const { token, hash } = newSecretToken();
  await db.insert(passwordTokens).values({
    tokenHash: hash,
    userId,
    purpose,
    createdAt: now,
    expiresAt: new Date(now.getTime() + passwordLinkLifetimeMs[purpose]),
  });
  return token;
}

const usable = (tokenHash: string, now: Date) =>
  and(
    eq(passwordTokens.tokenHash, tokenHash),
    isNull(passwordTokens.usedAt),
    isNull(passwordTokens.revokedAt),
    gt(passwordTokens.expiresAt, now),
  );

/** Whether the link still works, without using it (to skip hashing for a dead link). */
export async function isPasswordLinkUsable(
  db: Executor,
  token: string,
  now: Date,
): Promise<boolean> {
  if (!looksLikeSecretToken(token)) return false;
  const [found] = await db
    .select({ id: passwordTokens.id })
    .from(passwordTokens)
    .where(usable(hashSecretToken(token), now))
    .limit(1);
  return found !== undefined;
}

/**
 * Uses the link up: returns its user, or null when it is unknown, used, replaced or expired. The
 * check and the marking are one statement, so two requests racing with one link cannot both win.
 */
export async function usePasswordLink(
  db: Executor,
  token: string,
  now: Date,
): Promise<number | null> {
  if (!looksLikeSecretToken(token)) return null;
  const [used] = await db
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(usable(hashSecretToken(token), now))
    .returning({ userId: passwordTokens.userId });
  return used?.userId ?? null;
}
