/**
 * The phone and email codes of /verify (spec 000 sections 4 and 9, BRIEF section 5): sending a
 * new code, checking one, skipping, and forgetting codes when the contact changes.
 *
 * Four digits are few, so guessing is made useless here rather than in the page: a code lives
 * 10 minutes, dies at its 5th wrong try and when a newer code of its channel is sent, one account
 * gets at most 6 codes per channel and 10 wrong entries per hour, and a code is resent to the
 * same contact no sooner than 60 s after the last. Each account's sends and checks run under a
 * transaction-scoped advisory lock, so two requests at once cannot both slip under a limit.
 * A code's message is queued on the notifier (a retried job) only after its row is committed.
 */
import { and, count, desc, eq, gt, isNull, min, sql } from 'drizzle-orm';
import {
  contactVerification,
  verificationLimits,
  verificationMessages,
  type VerificationChannel,
} from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import {
  TooManyRequestsError,
  type ServiceRuntime,
  type Tx,
  GoneError,
  InvalidRequestError,
  NotFoundError,
  UnprocessableError,
} from '@clinic/kit';
import { codeFailures, codes, contactChecks } from '../db/schema';
import { destinationOf, maskDestination } from './channels';
import { codeMatches, hashCode, newCode } from './code-secret';

const HOUR = 60 * 60 * 1000;

/** When the oldest event counted in the last hour leaves it, and the hourly cap frees a place. */
function untilOutOfHour(oldest: Date | null | undefined, now: Date): number {
  return oldest ? Math.max(1000, oldest.getTime() + HOUR - now.getTime()) : HOUR;
}
/** The advisory lock space of verification's per-account locks (any constant of ours). */
const ACCOUNT_LOCK = 7301;

export interface SentCode {
  resendInSeconds: number;
  sentTo: string;
}

export interface ContactState {
  status: 'pending' | 'verified' | 'skipped';
  at: string | null;
}

type CheckOutcome =
  | { kind: 'verified' }
  | { kind: 'wrong'; attemptsLeft: number; skipSuggested: boolean }
  | { kind: 'none' | 'expired' | 'used-up' }
  | { kind: 'capped'; retryAfterMs: number };

async function lockAccount(tx: Tx, userId: number): Promise<void> {
  // Raw: a function call with no table, which the query builder has no form for; a lock on the
  // account even before it has any row (a row lock, `.for('update')`, needs a row).
  await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_LOCK}, ${userId})`);
}

/** The account's codes of one channel still usable: neither used nor replaced by a newer one. */
const openCodes = (userId: number, channel: VerificationChannel) =>
  and(
    eq(codes.userId, userId),
    eq(codes.channel, channel),
    isNull(codes.usedAt),
    isNull(codes.supersededAt),
  );

export class ContactCodes {
  constructor(
    private readonly runtime: ServiceRuntime,
    private readonly identity: IdentityDirectory,
  ) {}

  /** Sends a new code to the account's phone or email; the codes before it stop working. */
  async send(userId: number, channel: VerificationChannel): Promise<SentCode> {
    const contact = await this.identity.patientContact(userId);
    if (!contact) throw new NotFoundError(verificationMessages.otherAccount);
    const destination = destinationOf(contact, channel);
    if (!destination) throw new InvalidRequestError(verificationMessages.noPhone);
    const now = this.runtime.clock.now();
    const resendMs = verificationLimits.resendSeconds * 1000;

    const stored = await this.runtime.transaction(async (tx) => {
      await lockAccount(tx, userId);
      const [last] = await tx
        .select({ createdAt: codes.createdAt })
        .from(codes)
        .where(
          and(
            eq(codes.userId, userId),
            eq(codes.channel, channel),
            eq(codes.destination, destination),
          ),
        )
        .orderBy(desc(codes.createdAt))
        .limit(1);
      const sinceLast = last ? now.getTime() - last.createdAt.getTime() : Infinity;
      if (sinceLast < resendMs)
        return { kind: 'wait', seconds: Math.ceil((resendMs - sinceLast) / 1000) } as const;
      const [recent] = await tx
        .select({ n: count(), oldest: min(codes.createdAt) })
        .from(codes)
        .where(
          and(
            eq(codes.userId, userId),
            eq(codes.channel, channel),
            gt(codes.createdAt, new Date(now.getTime() - HOUR)),
          ),
        );
      if ((recent?.n ?? 0) >= verificationLimits.sendsPerHour)
        return { kind: 'capped', retryAfterMs: untilOutOfHour(recent?.oldest, now) } as const;
      // A new code never repeats one it replaces (still open, or superseded by a change of
      // number and not yet expired): the patient who types the old code is told it is wrong, not
      // verified by a 1-in-10,000 chance.
      const replaced = await tx
        .select({ salt: codes.salt, codeHash: codes.codeHash })
        .from(codes)
        .where(
          and(
            eq(codes.userId, userId),
            eq(codes.channel, channel),
            isNull(codes.usedAt),
            gt(codes.expiresAt, now),
          ),
        );
      let code = newCode();
      while (replaced.some((previous) => codeMatches(previous, code))) code = newCode();
      const hashed = hashCode(code);
      await tx.update(codes).set({ supersededAt: now }).where(openCodes(userId, channel));
      const [row] = await tx
        .insert(codes)
        .values({
          userId,
          channel,
          destination,
          salt: hashed.salt,
          codeHash: hashed.codeHash,
          createdAt: now,
          expiresAt: new Date(now.getTime() + verificationLimits.codeLifetimeMs),
        })
        .returning({ id: codes.id });
      return { kind: 'stored', id: row!.id, code } as const;
    });
    if (stored.kind === 'capped')
      throw new TooManyRequestsError(verificationMessages.tooManySends, stored.retryAfterMs);
    if (stored.kind === 'wait')
      throw new TooManyRequestsError(
        verificationMessages.resendWait(stored.seconds),
        stored.seconds * 1000,
        { resend_in: stored.seconds },
      );

    try {
      await this.runtime.notifier.send(codeMessage(channel, destination, stored.code), {
        jobId: `verification-code-${stored.id}`,
      });
    } catch (err) {
      // Nothing will reach the patient: forget the code so the wait and the cap do not count it.
      await this.runtime.db.delete(codes).where(eq(codes.id, stored.id));
      throw err;
    }
    return {
      resendInSeconds: verificationLimits.resendSeconds,
      sentTo: maskDestination(destination, channel),
    };
  }

  /** Checks a code against the account's newest one of its channel. */
  async check(userId: number, channel: VerificationChannel, entered: string): Promise<void> {
    const now = this.runtime.clock.now();
    const outcome = await this.runtime.transaction(async (tx, events): Promise<CheckOutcome> => {
      await lockAccount(tx, userId);
      const hourAgo = new Date(now.getTime() - HOUR);
      const [failures] = await tx
        .select({ n: count(), oldest: min(codeFailures.at) })
        .from(codeFailures)
        .where(and(eq(codeFailures.userId, userId), gt(codeFailures.at, hourAgo)));
      if ((failures?.n ?? 0) >= verificationLimits.failuresPerHour)
        return { kind: 'capped', retryAfterMs: untilOutOfHour(failures?.oldest, now) };
      const [code] = await tx
        .select({
          id: codes.id,
          destination: codes.destination,
          salt: codes.salt,
          codeHash: codes.codeHash,
          expiresAt: codes.expiresAt,
          wrongTries: codes.wrongTries,
          usedAt: codes.usedAt,
        })
        .from(codes)
        .where(
          and(eq(codes.userId, userId), eq(codes.channel, channel), isNull(codes.supersededAt)),
        )
        .orderBy(desc(codes.createdAt), desc(codes.id))
        .limit(1);
      if (!code || code.usedAt !== null) return { kind: 'none' };
      if (now.getTime() >= code.expiresAt.getTime()) return { kind: 'expired' };
      if (code.wrongTries >= verificationLimits.wrongTriesPerCode) return { kind: 'used-up' };

      if (codeMatches({ salt: code.salt, codeHash: code.codeHash }, entered)) {
        await tx.update(codes).set({ usedAt: now }).where(eq(codes.id, code.id));
        await recordCheck(tx, userId, channel, 'verified', code.destination, now);
        await events.publish(contactVerification, {
          userId,
          channel,
          outcome: 'verified',
          at: now.toISOString(),
        });
        return { kind: 'verified' };
      }
      await tx
        .update(codes)
        .set({ wrongTries: sql`${codes.wrongTries} + 1` })
        .where(eq(codes.id, code.id));
      await tx
        .insert(codeFailures)
        .values({ userId, channel, destination: code.destination, at: now });
      // Failures for this contact only: changing the phone or email resets the count (spec 000
      // section 4), while the hourly cap above still counts every failure.
      const [here] = await tx
        .select({ n: count() })
        .from(codeFailures)
        .where(
          and(
            eq(codeFailures.userId, userId),
            eq(codeFailures.channel, channel),
            eq(codeFailures.destination, code.destination),
            gt(codeFailures.at, hourAgo),
          ),
        );
      return {
        kind: 'wrong',
        attemptsLeft: verificationLimits.wrongTriesPerCode - code.wrongTries - 1,
        skipSuggested: (here?.n ?? 0) >= verificationLimits.skipFlaggedAfterFailures,
      };
    });

    switch (outcome.kind) {
      case 'verified':
        return;
      case 'wrong':
        throw new UnprocessableError(
          outcome.attemptsLeft > 0
            ? verificationMessages.invalidCode
            : verificationMessages.codeUsedUp,
          { attempts_left: outcome.attemptsLeft, skip_suggested: outcome.skipSuggested },
        );
      case 'none':
        throw new NotFoundError(verificationMessages.noCode);
      case 'expired':
        throw new GoneError(verificationMessages.codeExpired);
      case 'used-up':
        throw new GoneError(verificationMessages.codeUsedUp);
      case 'capped':
        throw new TooManyRequestsError(verificationMessages.tooManyFailures, outcome.retryAfterMs);
    }
  }

  /** "Skip verification": recorded unless the contact is already verified. */
  async skip(userId: number, channel: VerificationChannel): Promise<void> {
    const contact = await this.identity.patientContact(userId);
    if (!contact) throw new NotFoundError(verificationMessages.otherAccount);
    const now = this.runtime.clock.now();
    await this.runtime.transaction(async (tx, events) => {
      const [current] = await tx
        .select({ status: contactChecks.status })
        .from(contactChecks)
        .where(and(eq(contactChecks.userId, userId), eq(contactChecks.channel, channel)));
      if (current?.status === 'verified') return;
      await recordCheck(tx, userId, channel, 'skipped', destinationOf(contact, channel), now);
      await events.publish(contactVerification, {
        userId,
        channel,
        outcome: 'skipped',
        at: now.toISOString(),
      });
    });
  }

  /** A new phone or email: its old codes stop working and its verification starts over. */
  async forgetChannel(userId: number, channel: VerificationChannel): Promise<void> {
    const now = this.runtime.clock.now();
    await this.runtime.transaction(async (tx) => {
      await lockAccount(tx, userId);
      await tx.update(codes).set({ supersededAt: now }).where(openCodes(userId, channel));
      await tx
        .delete(contactChecks)
        .where(and(eq(contactChecks.userId, userId), eq(contactChecks.channel, channel)));
    });
  }

  async state(userId: number): Promise<Record<VerificationChannel, ContactState>> {
    const found = await this.runtime.db
      .select({
        channel: contactChecks.channel,
        status: contactChecks.status,
        at: contactChecks.at,
      })
      .from(contactChecks)
      .where(eq(contactChecks.userId, userId));
    const stateOf = (channel: VerificationChannel): ContactState => {
      const row = found.find((r) => r.channel === channel);
      return row
        ? { status: row.status, at: row.at.toISOString() }
        : { status: 'pending', at: null };
    };
    return { phone: stateOf('phone'), email: stateOf('email') };
  }
}

async function recordCheck(
  tx: Tx,
  userId: number,
  channel: VerificationChannel,
  status: 'verified' | 'skipped',
  destination: string,
  now: Date,
): Promise<void> {
  const check = { status, destination: destination || null, at: now };
  await tx
    .insert(contactChecks)
    .values({ userId, channel, ...check })
    .onConflictDoUpdate({ target: [contactChecks.userId, contactChecks.channel], set: check });
}

function codeMessage(channel: VerificationChannel, destination: string, code: string) {
  const minutes = verificationLimits.codeLifetimeMs / 60000;
  const text = `Your verification code is ${code}. It expires in ${minutes} minutes. If you did not ask for it, you can ignore this message.`;
  return channel === 'phone'
    ? ({ channel: 'sms', to: destination, body: text } as const)
    : ({
        channel: 'email',
        to: destination,
        subject: 'Your verification code',
        body: text,
      } as const);
}
