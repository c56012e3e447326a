import { createServer } from 'node:http';
import { Router } from 'express';
import request from 'supertest';
import { auditInternalPath, type AuditReadRequest } from '@clinic/contracts';
import { INTERNAL_CALL_HEADER, PrincipalSigner } from '../auth/principal';
import type { ServiceModule } from '../runtime/service-runtime';
import { closeServer, listenOnLoopback } from '../testing/loopback-server';
import { startServiceForTest, testPrincipal, type ServiceUnderTest } from '../testing/service-app';
import { httpAuditSource, localAuditSource } from './audit-read';

/**
 * A service with no routes of its own (marketing's name, none of its tables): every service gets
 * the audit read from bootService.
 */
const probe: ServiceModule = {
  name: 'marketing',
  migrationsDir: null,
  build: () => ({ router: Router() }),
};

const admin = testPrincipal({ userId: 1, role: 'admin', sessionId: 'a' });
const clinician = testPrincipal({ userId: 2, role: 'clinician', sessionId: 'c' });
const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 10, minute));

describe("every service's internal audit read", () => {
  let s: ServiceUnderTest;
  let token: string;
  beforeAll(async () => {
    s = await startServiceForTest(probe, undefined, { start: false });
    token = s.engines.principals.internalToken();
    const trail = s.runtime.audit;
    const who = (id: number) => ({ id, name: `Staff ${id}`, role: 'clinician', ip: '10.0.0.1' });
    await trail.record(s.runtime.db, who(7), {
      action: 'case.read',
      patientId: 40,
      orderId: 400,
      at: at(1),
    });
    await trail.record(s.runtime.db, who(8), { action: 'file.read', patientId: 41, at: at(2) });
    // Two lines at one moment: the newer id comes first.
    await trail.record(s.runtime.db, who(7), { action: 'case.claim', orderId: 400, at: at(3) });
    await trail.record(s.runtime.db, who(7), {
      action: 'case.read',
      patientId: 40,
      orderId: 401,
      subject: 'x',
      at: at(3),
    });
  });
  afterAll(() => s.close());

  const ask = (body: unknown, headers: Record<string, string> = {}) =>
    request(s.app)
      .post(auditInternalPath)
      .set(headers)
      .send(body as object);

  it("refuses a caller without the cluster's token, or without an admin's signed principal", async () => {
    const body = { limit: 10 };
    expect((await ask(body)).status).toBe(403);
    expect((await ask(body, s.engines.principals.sign(admin))).status).toBe(403);
    const otherCluster = new PrincipalSigner('o'.repeat(32));
    expect(
      (await ask(body, { [INTERNAL_CALL_HEADER]: otherCluster.internalToken(), ...s.as(admin) }))
        .status,
    ).toBe(403);
    expect((await ask(body, { [INTERNAL_CALL_HEADER]: token })).status).toBe(403);
    expect((await ask(body, { [INTERNAL_CALL_HEADER]: token, ...s.as(clinician) })).status).toBe(
      403,
    );
    const bad = await ask({ limit: 0 }, { [INTERNAL_CALL_HEADER]: token, ...s.as(admin) });
    expect(bad.status).toBe(400);
  });

  it('answers an admin newest first, with the same filters for every service', async () => {
    const read = async (filters: Omit<AuditReadRequest, 'limit'>) => {
      const res = await ask(
        { ...filters, limit: 10 },
        { [INTERNAL_CALL_HEADER]: token, ...s.as(admin) },
      );
      expect(res.status).toBe(200);
      return (res.body.entries as { action: string; orderId: number | null }[]).map(
        (e) => `${e.action}:${e.orderId}`,
      );
    };
    expect(await read({})).toEqual([
      'case.read:401',
      'case.claim:400',
      'file.read:null',
      'case.read:400',
    ]);
    expect(await read({ staffId: 7, action: 'case.read' })).toEqual([
      'case.read:401',
      'case.read:400',
    ]);
    expect(await read({ patientId: 40, orderId: 400 })).toEqual(['case.read:400']);
    expect(await read({ from: at(2).toISOString(), until: at(3).toISOString() })).toEqual([
      'file.read:null',
    ]);
    const [first] = (await ask({ limit: 1 }, { [INTERNAL_CALL_HEADER]: token, ...s.as(admin) }))
      .body.entries as { id: number; at: string }[];
    // After the newest line: the other of its moment, then the older ones.
    expect(await read({ before: { at: first!.at, id: first!.id } })).toEqual([
      'case.claim:400',
      'file.read:null',
      'case.read:400',
    ]);
  });

  it('reads the same over HTTP (cluster mode) as in-process, and fails when no instance is up', async () => {
    const server = createServer(s.app);
    const url = await listenOnLoopback(server);
    try {
      const remote = httpAuditSource('clinic', () => url, s.engines.principals, 2000);
      const local = localAuditSource('clinic', s.runtime);
      const asked = { patientId: 40, limit: 5 };
      expect(await remote.read(asked, admin)).toEqual(await local.read(asked, admin));
      expect((await remote.read(asked, admin)).map((e) => e.service)).toEqual([
        'marketing',
        'marketing',
      ]);
      const away = httpAuditSource('clinic', () => undefined, s.engines.principals, 2000);
      await expect(away.read(asked, admin)).rejects.toThrow('clinic has no instance in rotation');
    } finally {
      await closeServer(server);
    }
  });
});
