import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  identityMessages,
  privacyAdminMessages as m,
  privacyRequestQueue,
  type PrivacyRequestView,
} from '@clinic/contracts';
import { STAFF_ROLE_REFUSED, type AuditRecord } from '@clinic/kit';
import { serviceBootTimeoutMs } from '@clinic/kit/testing';
import { privacyRequests } from '../db/schema';
import { newPrivacyReference, privacyResponseDue } from '../domain/privacy-requests';
import { startIdentity, type IdentityHarness } from '../testing/identity-harness';

const DAY = 24 * 60 * 60 * 1000;
const ADMIN_ADDRESS = '203.0.113.9';
const LIST = '/api/console/privacy-requests';
const verifyPath = (reference: string) => `${LIST}/${reference}/verify`;
const closePath = (reference: string) => `${LIST}/${reference}/close`;

describe('the privacy requests in the admin console', () => {
  let identity: IdentityHarness;
  const tokens: Record<string, string> = {};
  let adminId = 0;

  beforeAll(async () => {
    identity = await startIdentity();
    const staff = [
      ['patient', 'Pat'],
      ['clinician', 'Casey'],
      ['support', 'Sam'],
      ['pharmacy', 'Parker'],
      ['marketing', 'Morgan'],
      ['admin', 'Alex'],
      ['admin', 'Avery'],
    ] as const;
    for (const [role, firstName] of staff) {
      const email = `${firstName.toLowerCase()}@example.com`;
      const id = await identity.createUser({
        email,
        password: `${role}-password`,
        role,
        firstName,
      });
      if (firstName === 'Alex') adminId = id;
      tokens[firstName] = await identity.logIn(email, `${role}-password`);
    }
  }, serviceBootTimeoutMs);
  afterAll(() => identity.close());

  const db = () => identity.service.runtime.db;
  let people = 0;
  /** A privacy request from a new person, as the CCPA Opt-Out page sends it: its reference. */
  async function file(overrides: Record<string, unknown> = {}): Promise<string> {
    people += 1;
    const res = await identity.post('/api/privacy-request', {
      name: `Requester Number${people}`,
      email: `requester${people}@example.com`,
      state: 'CA',
      request_type: 'access',
      details: 'Please send me what you hold.',
      confirmed: true,
      ...overrides,
    });
    expect(res.status).toBe(200);
    return res.body.reference as string;
  }

  /**
   * A request received `daysAgo` days before now, stored as the form's route stores it. The
   * clock stays put: staff sessions are short, and a jump of weeks would log everyone out.
   */
  async function receivedDaysAgo(
    daysAgo: number,
    over: { name: string; email: string; state: string },
  ): Promise<string> {
    const receivedAt = new Date(identity.clock.now().getTime() - daysAgo * DAY);
    const reference = newPrivacyReference();
    await db()
      .insert(privacyRequests)
      .values({
        id: randomUUID(),
        reference,
        requestType: 'access',
        details: 'Please send me what you hold.',
        confirmed: true,
        status: 'received',
        receivedAt,
        respondBy: privacyResponseDue(receivedAt),
        ...over,
      });
    return reference;
  }

  /** An admin's call, from one address the audit lines must show. */
  const admin = (who = 'Alex') => ({ token: tokens[who], from: ADMIN_ADDRESS });
  const list = (query = '') => identity.get(`${LIST}${query}`, admin());
  const verify = (reference: string, who = 'Alex') =>
    identity.post(verifyPath(reference), {}, admin(who));
  const close = (reference: string, body: unknown = { note: 'Sent the file by email.' }) =>
    identity.post(closePath(reference), body, admin());

  const stored = async (reference: string) => {
    const [row] = await db()
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.reference, reference));
    return row;
  };
  const trail = async (): Promise<AuditRecord[]> =>
    (await identity.service.runtime.audit.page(db(), { limit: 500 })).entries;
  const linesAbout = async (reference: string) =>
    (await trail()).filter((line) => line.subject === reference);

  describe('who may call', () => {
    const calls = (reference: string) =>
      [
        ['GET the list', (token?: string) => identity.get(LIST, { token })],
        ['verify', (token?: string) => identity.post(verifyPath(reference), {}, { token })],
        [
          'close',
          (token?: string) => identity.post(closePath(reference), { note: 'Done.' }, { token }),
        ],
      ] as const;

    it('asks for a login without one, refuses a patient and every staff role but admin, and changes nothing', async () => {
      const reference = await file();
      const linesBefore = (await trail()).length;
      for (const [what, call] of calls(reference)) {
        const none = await call();
        expect([what, none.status, none.body.message]).toEqual([
          what,
          401,
          identityMessages.notLoggedIn,
        ]);
        const patient = await call(tokens.Pat);
        expect([what, patient.status, patient.body.message]).toEqual([
          what,
          403,
          'This is for clinic staff only.',
        ]);
        for (const name of ['Casey', 'Sam', 'Parker', 'Morgan']) {
          const res = await call(tokens[name]);
          expect([what, name, res.status, res.body.message]).toEqual([
            what,
            name,
            403,
            STAFF_ROLE_REFUSED,
          ]);
          expect(res.body.requests).toBeUndefined();
        }
      }
      expect((await stored(reference))?.status).toBe('received');
      expect(await trail()).toHaveLength(linesBefore);
    });

    it('lets an admin list, verify and close', async () => {
      const reference = await file();
      const [listed, verified, closed] = [
        await identity.get(LIST, { token: tokens.Alex }),
        await identity.post(verifyPath(reference), {}, { token: tokens.Alex }),
        await identity.post(closePath(reference), { note: 'Done.' }, { token: tokens.Alex }),
      ];
      expect([listed.status, verified.status, closed.status]).toEqual([200, 200, 200]);
    });
  });

  it('lists each request with its kind, requester, dates, days left and state, overdue first', async () => {
    // 46 days old: a day past its 45. The later one was received 36 days ago: 9 days left.
    const early = await receivedDaysAgo(46, {
      name: 'Early Bird',
      email: 'early@example.com',
      state: 'TX',
    });
    const later = await receivedDaysAgo(36, {
      name: 'Later Person',
      email: 'later@example.com',
      state: 'NY',
    });

    const res = await list();
    expect(res.status).toBe(200);
    const body = privacyRequestQueue.response.parse(res.body);
    const mine = body.requests.filter((r) => [early, later].includes(r.reference));
    expect(mine.map((r) => r.reference)).toEqual([early, later]);
    expect(mine[0]).toEqual<PrivacyRequestView>({
      reference: early,
      requestType: 'access',
      name: 'Early Bird',
      email: 'early@example.com',
      requesterState: 'TX',
      details: 'Please send me what you hold.',
      state: 'received',
      receivedAt: expect.any(String),
      dueAt: new Date(Date.parse(mine[0]!.receivedAt) + 45 * DAY).toISOString(),
      daysLeft: -1,
      overdue: true,
      verifiedAt: null,
      verifiedBy: null,
      closedAt: null,
      closedBy: null,
      closingNote: null,
    });
    expect(mine[1]).toMatchObject({ requesterState: 'NY', daysLeft: 9, overdue: false });
    // Every overdue request of the whole list comes before every request that is not.
    const flags = body.requests.map((r) => r.overdue);
    expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
    expect(body.counts.received).toBe(
      await db().$count(privacyRequests, eq(privacyRequests.status, 'received')),
    );
  });

  it('records the read of the list under the admin, naming references and never a requester', async () => {
    const reference = await file({ name: 'Quiet Person', email: 'quiet@example.com' });
    const res = await list('?state=received');
    expect(res.status).toBe(200);
    const [line] = await trail();
    expect(line).toMatchObject({
      service: 'identity',
      action: 'privacy-request.list',
      staff: { id: adminId, name: 'Alex Person', role: 'admin' },
      ip: ADMIN_ADDRESS,
    });
    expect(line!.subject).toContain('privacy requests (received): ');
    expect(line!.subject).toContain(reference);
    expect(JSON.stringify(line)).not.toMatch(/Quiet|quiet@example\.com/);
  });

  it('filters by state, with the count of each', async () => {
    const reference = await file();
    expect((await verify(reference)).status).toBe(200);
    const verified = privacyRequestQueue.response.parse((await list('?state=verified')).body);
    expect(verified.requests.map((r) => r.state)).toEqual(verified.requests.map(() => 'verified'));
    expect(verified.requests.map((r) => r.reference)).toContain(reference);
    expect(verified.requests).toHaveLength(verified.counts.verified);
    const received = privacyRequestQueue.response.parse((await list('?state=received')).body);
    expect(received.requests.map((r) => r.reference)).not.toContain(reference);

    const bad = await list('?state=closed');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Invalid query: state: /);
  });

  it('verifies, then closes with a note, each step audited by reference alone', async () => {
    const reference = await file({ name: 'Dana Doe', email: 'dana@example.com' });
    identity.clock.advance(60_000);
    const verified = await verify(reference);
    expect(verified.status).toBe(200);
    expect(verified.body.request).toMatchObject({
      reference,
      state: 'verified',
      verifiedBy: 'Alex Person',
      verifiedAt: identity.clock.now().toISOString(),
      daysLeft: 45,
    });

    identity.clock.advance(60_000);
    const closed = await close(reference, { note: '  Emailed the access report.\nCase closed.  ' });
    expect(closed.status).toBe(200);
    expect(closed.body.request).toMatchObject({
      state: 'done',
      closedBy: 'Alex Person',
      closedAt: identity.clock.now().toISOString(),
      closingNote: 'Emailed the access report.\nCase closed.',
      daysLeft: null,
      overdue: false,
    });
    expect(await stored(reference)).toMatchObject({ status: 'done', closedBy: adminId });

    const lines = await linesAbout(reference);
    expect(lines.map((l) => l.action)).toEqual(['privacy-request.close', 'privacy-request.verify']);
    for (const line of lines) {
      expect(line).toMatchObject({ staff: { id: adminId, role: 'admin' }, ip: ADMIN_ADDRESS });
      expect(JSON.stringify(line)).not.toMatch(/Dana|dana@example\.com|Emailed/);
    }
  });

  describe('a move that is not the next step', () => {
    it.each([
      ['verifies a verified request', ['verify'], 'verify', m.alreadyVerified],
      ['closes a received request', [], 'close', m.verifyFirst],
      ['verifies a done request', ['verify', 'close'], 'verify', m.alreadyDone],
      ['closes a done request', ['verify', 'close'], 'close', m.alreadyDone],
    ] as const)(
      'answers 409 when an admin %s, and changes nothing',
      async (_c, before, step, message) => {
        const reference = await file();
        for (const done of before)
          expect(
            (done === 'verify' ? await verify(reference) : await close(reference)).status,
          ).toBe(200);
        const row = await stored(reference);
        const lines = await linesAbout(reference);
        identity.clock.advance(60_000);

        const res = step === 'verify' ? await verify(reference) : await close(reference);
        expect(res.status).toBe(409);
        expect(res.body).toMatchObject({ status: 'error', message });
        expect(await stored(reference)).toEqual(row);
        expect(await linesAbout(reference)).toEqual(lines);
      },
    );

    it.each([
      ['no note', {}, 'note: '],
      ['a blank note', { note: ' \n ' }, m.noteRequired],
      ['a note of 501 characters', { note: 'x'.repeat(501) }, 'At most 500 characters'],
      ['a NUL byte in the note', { note: 'a\u0000b' }, 'control characters'],
    ])('answers 400 to a close with %s, and changes nothing', async (_c, body, text) => {
      const reference = await file();
      expect((await verify(reference)).status).toBe(200);
      const row = await stored(reference);
      const res = await close(reference, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^Invalid request body: note: /);
      expect(res.body.message).toContain(text);
      expect(await stored(reference)).toEqual(row);
      expect((await linesAbout(reference)).map((l) => l.action)).toEqual([
        'privacy-request.verify',
      ]);
    });

    it('keeps a note of exactly 500 characters', async () => {
      const reference = await file();
      expect((await verify(reference)).status).toBe(200);
      const res = await close(reference, { note: 'y'.repeat(500) });
      expect(res.status).toBe(200);
      expect(res.body.request.closingNote).toHaveLength(500);
    });
  });

  it('answers 404 to a reference no request has, and 400 to one that cannot be a reference', async () => {
    for (const res of [await verify('PR-00000000'), await close('PR-00000000')]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(m.notFound);
    }
    const malformed = await verify('PR-ILOU1234');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toContain(m.reference);
  });

  it('moves a request once when two admins verify it at the same moment', async () => {
    const reference = await file();
    const answers = await Promise.all([verify(reference, 'Alex'), verify(reference, 'Avery')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await linesAbout(reference)).map((l) => l.action)).toEqual(['privacy-request.verify']);
  });

  describe('when the audit line cannot be written', () => {
    afterEach(() => jest.restoreAllMocks());
    const failAudit = () =>
      jest
        .spyOn(identity.service.runtime.audit, 'record')
        .mockRejectedValueOnce(new Error('audit trail unavailable'));

    it('does not move the request: the step and its line are one transaction', async () => {
      const reference = await file();
      failAudit();
      const res = await verify(reference);
      expect(res.status).toBe(500);
      expect(await stored(reference)).toMatchObject({ status: 'received', verifiedAt: null });
      expect(await linesAbout(reference)).toEqual([]);
      expect((await verify(reference)).status).toBe(200);
    });

    it('answers no list: a read is recorded before it is answered', async () => {
      await file({ name: 'Hidden Name' });
      failAudit();
      const res = await list();
      expect(res.status).toBe(500);
      expect(JSON.stringify(res.body)).not.toContain('Hidden Name');
    });
  });
});
