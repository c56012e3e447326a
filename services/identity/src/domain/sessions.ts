import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt, ne, or } from 'drizzle-orm';
import {
  sessionsRevoked,
  type Principal,
  type Role,
  type SessionActivity,
} from '@clinic/contracts';
import type { EventWriter, Executor, Tx } from '@clinic/kit';
import { sessions, users } from '../db/schema';
import { IDLE_DEADLINE_STEP_MS, sessionIdleLimitMs, sessionLifetimeMs } from './lifetimes';
import { hashSecretToken, looksLikeSecretToken, newSecretToken } from './secret-tokens';

/**
 * Server-side sessions: a bearer token whose hash is looked up on every request, so logging out,
 * resetting a password or changing it takes effect at once. Sessions expire at a fixed time from
 * login (no sliding renewal of that end): a stolen token is good for one lifetime at most. A staff
 * session also ends once 15 minutes pass without a request the person made (its idle deadline,
 * which such a request moves on); the console's background refreshes do not move it.
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
  const idleLimit = scope ? null : sessionIdleLimitMs(user.role);
  await db.insert(sessions).values({
    id: sessionId,
    tokenHash: hash,
    userId: user.id,
    createdAt: now,
    expiresAt: scope?.expiresAt ?? new Date(now.getTime() + sessionLifetimeMs(user.role)),
    cartId: scope?.cartId ?? null,
    idleExpiresAt: idleLimit === null ? null : new Date(now.getTime() + idleLimit),
  });
  return { sessionId, token };
}

/**
 * The caller behind a token, or null for an unknown, expired (its end or its idle deadline
 * passed) or revoked one. A request the person made (`activity: 'person'`) moves a staff
 * session's idle deadline to 15 minutes from now; what a page fetches by itself does not.
 */
export async function resolveSession(
  db: Executor,
  token: string,
  now: Date,
  activity: SessionActivity = 'background',
): Promise<Principal | null> {
  if (!looksLikeSecretToken(token)) return null;
  const [found] = await db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      role: users.role,
      createdAt: sessions.createdAt,
      cartId: sessions.cartId,
      idleExpiresAt: sessions.idleExpiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashSecretToken(token)),
        isNull(sessions.revokedAt),
        // Disabling revokes the sessions too; this keeps a disabled account out regardless.
        isNull(users.disabledAt),
        gt(sessions.expiresAt, now),
        or(isNull(sessions.idleExpiresAt), gt(sessions.idleExpiresAt, now)),
      ),
    )
    .limit(1);
  if (!found) return null;
  const { createdAt, idleExpiresAt, ...principal } = found;
  if (activity === 'person' && idleExpiresAt) {
    // Cheap on purpose: the row is written only when the deadline would move by more than a
    // minute (IDLE_DEADLINE_STEP_MS), so a burst of clicks costs one write, not one each.
    const next = idleDeadline(principal.role, now);
    if (next && next.getTime() - idleExpiresAt.getTime() > IDLE_DEADLINE_STEP_MS)
      await moveIdleDeadline(db, principal.sessionId, next, now);
  }
  return { ...principal, startedAt: createdAt.getTime() };
}

/**
 * The console says the person is there (they moved, typed or pressed "Stay signed in"): the idle
 * deadline of their live session becomes exactly 15 minutes from now. Always written (the console
 * calls it at most about once a minute), so the console's countdown and the server agree.
 * False when the session is no longer live.
 */
export async function keepSessionAlive(
  db: Executor,
  principal: Pick<Principal, 'sessionId' | 'role'>,
  now: Date,
): Promise<boolean> {
  const next = idleDeadline(principal.role, now);
  if (!next) return true;
  return moveIdleDeadline(db, principal.sessionId, next, now);
}

function idleDeadline(role: Role, now: Date): Date | null {
  const limit = sessionIdleLimitMs(role);
  return limit === null ? null : new Date(now.getTime() + limit);
}

/** Moves a live session's idle deadline forward to `next` (never back: a later write won). */
async function moveIdleDeadline(
  db: Executor,
  sessionId: string,
  next: Date,
  now: Date,
): Promise<boolean> {
  const moved = await db
    .update(sessions)
    .set({ idleExpiresAt: next })
    .where(
      and(
        eq(sessions.id, sessionId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.idleExpiresAt, now),
        lt(sessions.idleExpiresAt, next),
      ),
    )
    .returning({ id: sessions.id });
  if (moved.length > 0) return true;
  // Nothing moved: either a concurrent request already set a later deadline, or the session ended.
  const [live] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sessionId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.idleExpiresAt, now),
      ),
    )
    .limit(1);
  return Boolean(live);
}

export type RevocationReason =
  'logout' | 'password-changed' | 'password-reset' | 'account-disabled';

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
