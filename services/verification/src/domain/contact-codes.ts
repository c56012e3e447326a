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
import { sql } from 'drizzle-orm';
import {
  contactVerification,
  verificationLimits,
  verificationMessages,
  type VerificationChannel,
} from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import {
  TooManyRequestsError,
  rows,
  type ServiceRuntime,
  type Tx,
  GoneError,
  InvalidRequestError,
  NotFoundError,
  UnprocessableError,
} from '@clinic/kit';
import { destinationOf, maskDestination } from './channels';
import { codeMatches, hashCode, newCode } from './code-secret';

const HOUR = 60 * 60 * 1000;

/** When the oldest event counted in the last hour leaves it, and the hourly cap frees a place. */
function untilOutOfHour(oldest: Date | string | null | undefined, now: Date): number {
  return oldest ? Math.max(1000, at(oldest) + HOUR - now.getTime()) : HOUR;
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

interface StoredCode {
  id: number;
  destination: string;
  salt: string;
  code_hash: string;
  expires_at: Date | string;
  wrong_tries: number;
  used_at: Date | string | null;
}

type CheckOutcome =
  | { kind: 'verified' }
  | { kind: 'wrong'; attemptsLeft: number; skipSuggested: boolean }
  | { kind: 'none' | 'expired' | 'used-up' }
  | { kind: 'capped'; retryAfterMs: number };

function at(value: Date | string): number {
  return new Date(value).getTime();
}

async function lockAccount(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_LOCK}, ${userId})`);
}

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
    const code = newCode();
    const hashed = hashCode(code);
    const now = this.runtime.clock.now();
    const resendMs = verificationLimits.resendSeconds * 1000;

    const stored = await this.runtime.transaction(async (tx) => {
      await lockAccount(tx, userId);
      const [last] = await rows<{ created_at: Date | string }>(
        tx,
        sql`select created_at from verification.codes
            where user_id = ${userId} and channel = ${channel} and destination = ${destination}
            order by created_at desc limit 1`,
      );
      const sinceLast = last ? now.getTime() - at(last.created_at) : Infinity;
      if (sinceLast < resendMs)
        return { kind: 'wait', seconds: Math.ceil((resendMs - sinceLast) / 1000) } as const;
      const [recent] = await rows<{ n: number; oldest: Date | string | null }>(
        tx,
        sql`select count(*)::int as n, min(created_at) as oldest from verification.codes
            where user_id = ${userId} and channel = ${channel}
              and created_at > ${new Date(now.getTime() - HOUR)}`,
      );
      if ((recent?.n ?? 0) >= verificationLimits.sendsPerHour)
        return { kind: 'capped', retryAfterMs: untilOutOfHour(recent?.oldest, now) } as const;
      await tx.execute(
        sql`update verification.codes set superseded_at = ${now}
            where user_id = ${userId} and channel = ${channel}
              and used_at is null and superseded_at is null`,
      );
      const [row] = await rows<{ id: number }>(
        tx,
        sql`insert into verification.codes
              (user_id, channel, destination, salt, code_hash, created_at, expires_at)
            values (${userId}, ${channel}, ${destination}, ${hashed.salt}, ${hashed.codeHash},
                    ${now}, ${new Date(now.getTime() + verificationLimits.codeLifetimeMs)})
            returning id`,
      );
      return { kind: 'stored', id: row!.id } as const;
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
      await this.runtime.notifier.send(codeMessage(channel, destination, code), {
        jobId: `verification-code-${stored.id}`,
      });
    } catch (err) {
      // Nothing will reach the patient: forget the code so the wait and the cap do not count it.
      await this.runtime.db.execute(sql`delete from verification.codes where id = ${stored.id}`);
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
      const [failures] = await rows<{ n: number; oldest: Date | string | null }>(
        tx,
        sql`select count(*)::int as n, min(at) as oldest from verification.code_failures
            where user_id = ${userId} and at > ${hourAgo}`,
      );
      if ((failures?.n ?? 0) >= verificationLimits.failuresPerHour)
        return { kind: 'capped', retryAfterMs: untilOutOfHour(failures?.oldest, now) };
      const [code] = await rows<StoredCode>(
        tx,
        sql`select id, destination, salt, code_hash, expires_at, wrong_tries, used_at
            from verification.codes
            where user_id = ${userId} and channel = ${channel} and superseded_at is null
            order by created_at desc, id desc limit 1`,
      );
      if (!code || code.used_at !== null) return { kind: 'none' };
      if (now.getTime() >= at(code.expires_at)) return { kind: 'expired' };
      if (code.wrong_tries >= verificationLimits.wrongTriesPerCode) return { kind: 'used-up' };

      if (codeMatches({ salt: code.salt, codeHash: code.code_hash }, entered)) {
        await tx.execute(sql`update verification.codes set used_at = ${now} where id = ${code.id}`);
        await recordCheck(tx, userId, channel, 'verified', code.destination, now);
        await events.publish(contactVerification, {
          userId,
          channel,
          outcome: 'verified',
          at: now.toISOString(),
        });
        return { kind: 'verified' };
      }
      await tx.execute(
        sql`update verification.codes set wrong_tries = wrong_tries + 1 where id = ${code.id}`,
      );
      await tx.execute(
        sql`insert into verification.code_failures (user_id, channel, destination, at)
            values (${userId}, ${channel}, ${code.destination}, ${now})`,
      );
      // Failures for this contact only: changing the phone or email resets the count (spec 000
      // section 4), while the hourly cap above still counts every failure.
      const [here] = await rows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from verification.code_failures
            where user_id = ${userId} and channel = ${channel}
              and destination = ${code.destination} and at > ${hourAgo}`,
      );
      return {
        kind: 'wrong',
        attemptsLeft: verificationLimits.wrongTriesPerCode - code.wrong_tries - 1,
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
      const [current] = await rows<{ status: string }>(
        tx,
        sql`select status from verification.contact_checks
            where user_id = ${userId} and channel = ${channel}`,
      );
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
      await tx.execute(
        sql`update verification.codes set superseded_at = ${now}
            where user_id = ${userId} and channel = ${channel}
              and used_at is null and superseded_at is null`,
      );
      await tx.execute(
        sql`delete from verification.contact_checks
            where user_id = ${userId} and channel = ${channel}`,
      );
    });
  }

  async state(userId: number): Promise<Record<VerificationChannel, ContactState>> {
    const found = await rows<{
      channel: VerificationChannel;
      status: 'verified' | 'skipped';
      at: Date | string;
    }>(
      this.runtime.db,
      sql`select channel, status, at from verification.contact_checks where user_id = ${userId}`,
    );
    const stateOf = (channel: VerificationChannel): ContactState => {
      const row = found.find((r) => r.channel === channel);
      return row
        ? { status: row.status, at: new Date(row.at).toISOString() }
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
  await tx.execute(
    sql`insert into verification.contact_checks (user_id, channel, status, destination, at)
        values (${userId}, ${channel}, ${status}, ${destination || null}, ${now})
        on conflict (user_id, channel) do update set
          status = excluded.status, destination = excluded.destination, at = excluded.at`,
  );
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
