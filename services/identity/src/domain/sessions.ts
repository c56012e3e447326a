import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { sessionsRevoked, type Principal, type Role } from '@clinic/contracts';
import type { EventWriter, Executor, Tx } from '@clinic/kit';
import { sessions, users } from '../db/schema';
import { sessionLifetimeMs } from './lifetimes';
import { hashSecretToken, looksLikeSecretToken, newSecretToken } from './secret-tokens';

/**
 * Server-side sessions: a bearer token whose hash is looked up on every request, so logging out,
 * resetting a password or changing it takes effect at once. Sessions expire at a fixed time from
 * login (no sliding renewal): a stolen token is good for one lifetime at most.
 */

export interface OpenedSession {
  sessionId: string;
  /** The bearer token; returned once, never stored. */
  token: string;
}

export async function openSession(
  db: Executor,
  user: { id: number; role: Role },
  now: Date,
  scope?: { cartId: string; expiresAt: Date },
): Promise<OpenedSession> {
  const { token, hash } = newSecretToken();
  const sessionId = randomUUID();
  await db.insert(sessions).values({
    id: sessionId,
    tokenHash: hash,
    userId: user.id,
    createdAt: now,
    expiresAt: scope?.expiresAt ?? new Date(now.getTime() + sessionLifetimeMs(user.role)),
    cartId: scope?.cartId ?? null,
  });
  return { sessionId, token };
}

/** The caller behind a token, or null for an unknown, expired or revoked one. */
export async function resolveSession(
  db: Executor,
  token: string,
  now: Date,
): Promise<Principal | null> {
  if (!looksLikeSecretToken(token)) return null;
  const [found] = await db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      role: users.role,
      createdAt: sessions.createdAt,
      cartId: sessions.cartId,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashSecretToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .limit(1);
  if (!found) return null;
  const { createdAt, ...principal } = found;
  return { ...principal, startedAt: createdAt.getTime() };
}

export type RevocationReason = 'logout' | 'password-changed' | 'password-reset';

/**
 * Ends one session of a user (logout). With the revocation, in its transaction, goes
 * `sessions-revoked`, so the chat closes the sockets opened with it at once.
 */
export async function revokeSession(
  tx: Tx,
  events: EventWriter,
  principal: Pick<Principal, 'userId' | 'sessionId'>,
  now: Date,
): Promise<void> {
  const revoked = await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.id, principal.sessionId),
        eq(sessions.userId, principal.userId),
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ id: sessions.id });
  await announce(events, principal.userId, revoked, 'logout', now);
}

/**
 * Ends every live session of a user, or all but `exceptSessionId` (the caller's own), and
 * announces them (`sessions-revoked`) in the same transaction.
 */
export async function revokeUserSessions(
  tx: Tx,
  events: EventWriter,
  userId: number,
  now: Date,
  reason: Exclude<RevocationReason, 'logout'>,
  exceptSessionId?: string,
): Promise<void> {
  const revoked = await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  await announce(events, userId, revoked, reason, now);
}

async function announce(
  events: EventWriter,
  userId: number,
  revoked: { id: string }[],
  reason: RevocationReason,
  now: Date,
): Promise<void> {
  if (revoked.length === 0) return;
  await events.publish(sessionsRevoked, {
    userId,
    sessionIds: revoked.map((r) => r.id),
    reason,
    revokedAt: now.toISOString(),
  });
}
