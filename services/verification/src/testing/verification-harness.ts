/**
 * Verification under test with the real identity beside it on the same embedded engines and a
 * ManualClock: patients are real accounts, contact changes really land in identity, and codes
 * are read from the dev mailbox the notifier delivers to, as a patient would read their texts.
 */
import type { sql } from 'drizzle-orm';
import request from 'supertest';
import { createLocalIdentityDirectory, identityService } from '@clinic/identity';
import { type IdentityDirectory } from '@clinic/identity-client';
import { startIdentity, testPublicUrl, type IdentityHarness } from '@clinic/identity/testing';
import {
  ManualClock,
  rows,
  type Db,
  type NotificationTransport,
  type OpenedEngines,
} from '@clinic/kit';
import {
  openTestEngines,
  startServiceForTest,
  type ServiceUnderTest,
  eventually,
} from '@clinic/kit/testing';
import { verificationService } from '../app';
import type { AddressValidator } from '../address/address-validator';

export interface Patient {
  id: number;
  email: string;
  headers: Record<string, string>;
}

export interface VerificationHarness {
  service: ServiceUnderTest;
  identity: IdentityHarness;
  directory: IdentityDirectory;
  clock: ManualClock;
  engines: OpenedEngines;
  /** A new patient account with a phone, and the headers the gateway would add for them. */
  patient(opts?: { phone?: string | null }): Promise<Patient>;
  post(path: string, body: unknown, as: Patient, from?: string): Promise<request.Response>;
  get(path: string, as: Patient): Promise<request.Response>;
  /** The newest code texted or emailed to an address (waits for the notifier's job). */
  lastCode(to: string, after?: number): Promise<string>;
  /** How many messages an address has received. */
  received(to: string): Promise<number>;
  /** Verification's tables, for reading them with the query builder. */
  db: Db;
  /** Raw SQL, for the kit's tables (the outbox) that the service's schema does not declare. */
  query<T>(query: ReturnType<typeof sql>): Promise<T[]>;
  close(): Promise<void>;
}

let serial = 0;

export async function startVerification(
  opts: {
    addressValidator?: AddressValidator;
    /** Wraps the SMS transport (a provider that fails, for example). */
    sms?: (real: NotificationTransport) => NotificationTransport;
  } = {},
): Promise<VerificationHarness> {
  const clock = new ManualClock('2026-11-23T12:00:00.000Z');
  // Identity's and verification's schemas come migrated with the test database's template.
  const engines = await openTestEngines({
    processName: 'verification-test',
    clock,
    services: [identityService, verificationService],
  });
  if (opts.sms) engines.notificationTransports.sms = opts.sms(engines.notificationTransports.sms);
  const identity = await startIdentity({ engines, clock });
  const directory = createLocalIdentityDirectory(identity.service.runtime, {
    publicUrl: testPublicUrl,
    seedDemoAccounts: false,
  });
  const service = await startServiceForTest(
    verificationService,
    { identity: directory, addressValidator: opts.addressValidator },
    { engines },
  );
  const messagesTo = (to: string) => engines.mailbox.list({ to });

  const harness: VerificationHarness = {
    service,
    identity,
    directory,
    clock,
    engines,
    async patient({ phone = '5125550188' } = {}) {
      serial += 1;
      const email = `patient-${serial}-${Date.now()}@example.com`;
      const id = await identity.createUser({ email });
      if (phone !== null)
        await directory.changePatientContact({ userId: id, field: 'phone', value: phone });
      return {
        id,
        email,
        headers: service.as({ userId: id, role: 'patient', sessionId: `s-${id}` }),
      };
    },
    post: (path, body, as, from = `10.1.0.${as.id % 250}`) =>
      request(service.app)
        .post(path)
        .set({ ...as.headers, 'X-Forwarded-For': from })
        .send(body as object),
    get: (path, as) => request(service.app).get(path).set(as.headers),
    async lastCode(to, after = 0) {
      let code = '';
      await eventually(async () => {
        const messages = await messagesTo(to);
        expect(messages.length).toBeGreaterThan(after);
        const match = /code is (\d{4})/.exec(messages[0]?.body ?? '');
        expect(match).not.toBeNull();
        code = match?.[1] ?? '';
      }, 15000);
      return code;
    },
    received: async (to) => (await messagesTo(to)).length,
    db: service.runtime.db,
    query: (query) => rows(engines.database.db, query),
    async close() {
      await service.close();
      await identity.close();
      await engines.close();
    },
  };
  return harness;
}
