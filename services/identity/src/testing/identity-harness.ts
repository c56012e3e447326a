/**
 * Identity booted for tests on in-memory engines and a ManualClock, with what the tests keep
 * needing: accounts created directly, calls as a given client address or as the gateway would
 * make them for a token, the dev mailbox's links, and waiting for the job queue to drain.
 */
import { count, desc, eq, sql } from 'drizzle-orm';
import request from 'supertest';
import type { Principal, Role } from '@clinic/contracts';
import { ManualClock, rows, type OpenedEngines } from '@clinic/kit';
import { startServiceForTest, type ServiceUnderTest, eventually } from '@clinic/kit/testing';
import { identityService } from '../app';
import { passwordTokens, sessions, users } from '../db/schema';
import type { IdentityDeps } from '../deps';
import { TOTP_STEP_MS, totpCodeForStep, totpStepAt } from '../domain/authenticator';
import { resolveSession } from '../domain/sessions';
import { hashPassword, stopPasswordWorkers } from '../passwords/argon2id';

export const testPublicUrl = 'https://clinic.test';

export interface CallerOptions {
  /** The client address (X-Forwarded-For through the trusted loopback proxy). */
  from?: string;
  /** A session token, turned into the signed principal the gateway would add. */
  token?: string;
  /**
   * Sent as the console's background refresh (X-Clinic-Activity: background): the session is
   * resolved without moving a staff session's idle deadline. By default a request is the person's.
   */
  background?: boolean;
}

export interface IdentityHarness {
  service: ServiceUnderTest;
  clock: ManualClock;
  /** A request from its own client address (a fresh one unless given), as through the gateway. */
  post(path: string, body: unknown, opts?: CallerOptions): Promise<request.Response>;
  get(path: string, opts?: CallerOptions): Promise<request.Response>;
  createUser(account: {
    email: string;
    password?: string;
    role?: Role;
    firstName?: string;
  }): Promise<number>;
  /**
   * A session for the account: a patient's from the password; a staff member's also through the
   * second factor, enrolling an authenticator app on the first login (its secret is kept for the
   * next ones) and moving the authenticator's clock a step on so each code is a fresh one.
   */
  logIn(email: string, password: string): Promise<string>;
  /**
   * Finishes a login whose answer asked a staff member for the second factor (as `logIn` does);
   * any other answer comes back as it is.
   */
  completeLogin(email: string, answer: request.Response): Promise<request.Response>;
  /** The authenticator apps' time (identity's `authenticatorNow`), moved by the test only. */
  authenticator: { now(): number; advance(ms: number): void };
  /** The authenticator secret `logIn` enrolled for a staff member. */
  secretOf(email: string): string | undefined;
  /** The patient agreed to texts at this number ("Text me updates" on the Profile tab). */
  agreeToTexts(userId: number, phone: string): Promise<void>;
  /** Gives the account a health record id (the clinic does it on a first review). */
  setHealthId(userId: number, healthId: string): Promise<void>;
  /** Sets a clinician's professional profile (migration 0005's npi, bio and image_url). */
  setClinicianProfile(
    userId: number,
    profile: { npi?: string | null; bio?: string | null; imageUrl?: string | null },
  ): Promise<void>;
  principalOf(token: string): Promise<Principal | null>;
  /** When the newest session of a user ends, or null when the user has none. */
  sessionEndsAt(userId: number): Promise<Date | null>;
  /** Waits until every queued job (emails, reset links) has run. */
  queueIdle(): Promise<void>;
  /** Emails received by an address, newest first. */
  inbox(email: string): Promise<{ subject: string | null; body: string }[]>;
  /** The token of the newest password link emailed to an address. */
  lastLinkToken(email: string): Promise<string>;
  count(table: 'users' | 'sessions' | 'password_tokens' | 'jobs'): Promise<number>;
  /** The payloads identity published (or has yet to relay) under one event name, oldest first. */
  outboxEvents(name: string): Promise<unknown[]>;
  close(): Promise<void>;
}

let addressCounter = 0;
function freshAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export async function startIdentity(
  opts: {
    deps?: Partial<IdentityDeps>;
    engines?: OpenedEngines;
    clock?: ManualClock;
    /**
     * A second boot on the engines of one that stopped: the bus keeps identity's consumer group
     * (as Kafka would keep the group's offsets), so only the rest starts again.
     */
    restart?: boolean;
  } = {},
): Promise<IdentityHarness> {
  const clock = opts.clock ?? new ManualClock('2026-03-02T15:00:00.000Z');
  let authenticatorMs = Date.parse('2026-03-02T15:00:00.000Z');
  const deps: IdentityDeps = {
    publicUrl: testPublicUrl,
    seedDemoAccounts: false,
    authenticatorNow: () => authenticatorMs,
    ...opts.deps,
  };
  const secrets = new Map<string, string>();
  const service = await startServiceForTest(identityService, deps, {
    clock,
    engines: opts.engines,
    start: !opts.restart,
  });
  if (opts.restart) await service.runtime.run();
  const db = service.runtime.db;

  const callerHeaders = async ({ from, token, background }: CallerOptions) => {
    // As the gateway does: a request is the person's unless it says it is a background refresh.
    const activity = background ? 'background' : 'person';
    const principal = token ? await resolveSession(db, token, clock.now(), activity) : null;
    return {
      'X-Forwarded-For': from ?? freshAddress(),
      ...(principal ? service.as(principal) : {}),
    };
  };

  const harness: IdentityHarness = {
    service,
    clock,
    post: async (path, body, caller = {}) =>
      request(service.app)
        .post(path)
        .set(await callerHeaders(caller))
        .send(body as object),
    get: async (path, caller = {}) =>
      request(service.app)
        .get(path)
        .set(await callerHeaders(caller)),
    async createUser({ email, password, role = 'patient', firstName = 'Test' }) {
      const now = clock.now();
      const [user] = await db
        .insert(users)
        .values({
          email: email.toLowerCase(),
          passwordHash: password ? await hashPassword(password) : null,
          role,
          firstName,
          lastName: 'Person',
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('user not created');
      return user.id;
    },
    async agreeToTexts(userId, phone) {
      await db.update(users).set({ textUpdates: true, phone }).where(eq(users.id, userId));
    },
    async setHealthId(userId, healthId) {
      await db.update(users).set({ healthId }).where(eq(users.id, userId));
    },
    async setClinicianProfile(userId, profile) {
      await db.update(users).set(profile).where(eq(users.id, userId));
    },
    async logIn(email, password) {
      const res = await harness.completeLogin(
        email,
        await harness.post('/api/login', { email, password }),
      );
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.body.message}`);
      return res.body.token as string;
    },
    async completeLogin(email, answer) {
      if (answer.status !== 200 || answer.body.status !== 'second_factor') return answer;
      const { challenge, next } = answer.body as { challenge: string; next: 'code' | 'enrol' };
      const key = email.toLowerCase();
      harness.authenticator.advance(TOTP_STEP_MS);
      if (next === 'enrol') {
        const started = await harness.post('/api/login/enrolment', { challenge });
        if (started.status !== 200) throw new Error(`enrolment failed: ${started.status}`);
        const secret = started.body.secret as string;
        secrets.set(key, secret);
        const code = totpCodeForStep(secret, totpStepAt(authenticatorMs));
        return harness.post('/api/login/enrolment/confirm', { challenge, code });
      }
      const secret = secrets.get(key);
      if (!secret) throw new Error(`no authenticator secret known for ${email}`);
      const code = totpCodeForStep(secret, totpStepAt(authenticatorMs));
      return harness.post('/api/login/second-factor', { challenge, code });
    },
    authenticator: {
      now: () => authenticatorMs,
      advance: (ms) => {
        authenticatorMs += ms;
      },
    },
    secretOf: (email) => secrets.get(email.toLowerCase()),
    principalOf: (token) => resolveSession(db, token, clock.now()),
    async sessionEndsAt(userId) {
      const [session] = await db
        .select({ expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(desc(sessions.id))
        .limit(1);
      return session?.expiresAt ?? null;
    },
    queueIdle: () =>
      eventually(async () => {
        // Raw: the job queue is the kit's table, not declared in identity's schema.
        const [row] = await rows<{ pending: number }>(
          db,
          sql`select count(*)::int as pending from identity.jobs where status in ('waiting', 'active')`,
        );
        expect(row?.pending).toBe(0);
      }),
    async inbox(email) {
      return (await service.engines.mailbox.list({ to: email })).map((m) => ({
        subject: m.subject,
        body: m.body,
      }));
    },
    async lastLinkToken(email) {
      let token = '';
      await eventually(async () => {
        const [newest] = await harness.inbox(email);
        const match = /\/password-reset\/([A-Za-z0-9_-]+)/.exec(newest?.body ?? '');
        expect(match).not.toBeNull();
        token = match?.[1] ?? '';
      });
      return token;
    },
    async outboxEvents(name) {
      // Raw: the outbox is the kit's table, not declared in identity's schema.
      const found = await rows<{ envelope: { data: unknown } }>(
        service.runtime.db,
        sql`select envelope from identity.outbox where name = ${name} order by seq`,
      );
      return found.map((row) => row.envelope.data);
    },
    async count(table) {
      if (table === 'jobs') {
        // Raw: the job queue is the kit's table, not declared in identity's schema.
        const [row] = await rows<{ n: number }>(
          db,
          sql`select count(*)::int as n from identity.jobs`,
        );
        return row?.n ?? 0;
      }
      const declared = { users, sessions, password_tokens: passwordTokens }[table];
      const [row] = await db.select({ n: count() }).from(declared);
      return row?.n ?? 0;
    },
    async close() {
      await service.close();
      await stopPasswordWorkers();
    },
  };
  return harness;
}

/**
 * How many accounts identity holds for an email, for tests of services that create accounts
 * through the directory (they must not read identity's tables themselves).
 */
export async function identityAccountCount(engines: OpenedEngines, email: string): Promise<number> {
  const [row] = await engines.database.db
    .select({ n: count() })
    .from(users)
    .where(eq(sql`lower(${users.email})`, sql`lower(${email})`));
  return row?.n ?? 0;
}
