import request from 'supertest';
import { stateRulesSeed, type StateRules } from '@clinic/contracts';
import { ManualClock } from '@clinic/kit';
import { serviceBootTimeoutMs } from '@clinic/kit/testing';
import { outboxEvents, startIntakeWithIdentity, validPerson } from '../testing/intake-service';

const PUBLIC = '/api/state-rules';
const CONSOLE = '/api/console/state-rules';
const PREVIEW = '/api/console/state-rules/preview';
const ADMIN = { id: 501, first_name: 'Avery', last_name: 'Admin', role: 'admin' } as const;
const OTHER_ADMIN = { id: 502, first_name: 'Alex', last_name: 'Admin', role: 'admin' } as const;
const CLINICIAN = {
  id: 503,
  first_name: 'Casey',
  last_name: 'Clinician',
  role: 'clinician',
} as const;

describe('the per-state rules, kept by intake', () => {
  let service: Awaited<ReturnType<typeof startIntakeWithIdentity>>;
  const askedStates: string[][] = [];
  const as = (id: number, role: 'admin' | 'clinician' | 'patient') =>
    service.as({ userId: id, role, sessionId: `s${id}` });

  beforeAll(async () => {
    service = await startIntakeWithIdentity({
      clock: new ManualClock('2026-11-27T15:00:00.000Z'),
      openWork: {
        openCarts: async (states) => {
          askedStates.push([...states]);
          return states.includes('WY') ? 3 : 0;
        },
        openOrders: async (states) => (states.includes('WY') ? 1 : 0),
      },
    });
    for (const member of [ADMIN, OTHER_ADMIN, CLINICIAN]) service.addStaff(member);
  }, serviceBootTimeoutMs);
  afterAll(async () => service.close());

  const wyomingBlocked: StateRules = {
    ...stateRulesSeed,
    blockedStates: [...stateRulesSeed.blockedStates, 'WY'],
  };

  async function auditLines() {
    const page = await service.runtime.audit.page(service.runtime.db, {
      action: 'state-rules.change',
      limit: 10,
    });
    return page.entries;
  }

  it("answers everyone with today's rules before any change", async () => {
    const res = await request(service.app).get(PUBLIC);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', version: 0, rules: stateRulesSeed });
    expect(res.body.rules.blockedStates).toEqual(['LA', 'MS', 'AL']);
  });

  it('shows the rules and their history to admins only', async () => {
    expect((await request(service.app).get(CONSOLE)).status).toBe(401);
    expect(
      (await request(service.app).get(CONSOLE).set(as(CLINICIAN.id, 'clinician'))).status,
    ).toBe(403);
    expect((await request(service.app).get(CONSOLE).set(as(7, 'patient'))).status).toBe(403);
    const res = await request(service.app).get(CONSOLE).set(as(ADMIN.id, 'admin'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ version: 0, rules: stateRulesSeed, history: [] });
  });

  it('refuses an unknown state, a state listed twice, a missing rule and an empty body; nothing changes', async () => {
    const put = (body: object) =>
      request(service.app).put(CONSOLE).set(as(ADMIN.id, 'admin')).send(body);
    const unknown = await put({
      fromVersion: 0,
      rules: { ...stateRulesSeed, blockedStates: ['LA', 'XX'] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('"XX" is not a US state code');
    const twice = await put({
      fromVersion: 0,
      rules: { ...stateRulesSeed, blockedStates: ['LA', 'MS', 'LA'] },
    });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toContain('LA is listed twice.');
    const { noShippingStates: _dropped, ...missing } = stateRulesSeed;
    expect((await put({ fromVersion: 0, rules: missing })).status).toBe(400);
    expect((await put({})).status).toBe(400);
    const preview = await request(service.app)
      .post(PREVIEW)
      .set(as(ADMIN.id, 'admin'))
      .send({ rules: { ...stateRulesSeed, identityVideoStates: ['Texas'] } });
    expect(preview.status).toBe(400);

    expect((await request(service.app).get(PUBLIC)).body.version).toBe(0);
    expect(await outboxEvents(service.engines, 'state-rules-changed')).toEqual([]);
    expect(await auditLines()).toEqual([]);
  });

  it('previews a change with the open carts and orders in the states it moves, changing nothing', async () => {
    const res = await request(service.app)
      .post(PREVIEW)
      .set(as(ADMIN.id, 'admin'))
      .send({ rules: wyomingBlocked });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', states: ['WY'], openCarts: 3, openOrders: 1 });
    expect(askedStates.at(-1)).toEqual(['WY']);
    expect((await request(service.app).get(PUBLIC)).body.version).toBe(0);
  });

  it('blocks a state at once: versioned, audited, published, and the quiz turns its visitors away', async () => {
    const before = await request(service.app)
      .post('/api/intake-form')
      .send(validPerson({ state: 'WY' }));
    expect(before.body.status).toBe('success');

    const res = await request(service.app)
      .put(CONSOLE)
      .set(as(ADMIN.id, 'admin'))
      .send({ fromVersion: 0, rules: wyomingBlocked });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ version: 1, rules: wyomingBlocked });
    expect(res.body.history).toEqual([
      expect.objectContaining({
        version: 1,
        before: stateRulesSeed,
        after: wyomingBlocked,
        changedBy: 'Avery Admin',
      }),
    ]);

    expect((await request(service.app).get(PUBLIC)).body).toEqual({
      status: 'success',
      version: 1,
      rules: wyomingBlocked,
    });
    const after = await request(service.app)
      .post('/api/intake-form')
      .send(validPerson({ state: 'WY' }));
    expect(after.body).toEqual({
      status: 'disqualified',
      reason: 'state_not_available',
      message:
        'Our GLP Medical Weight Loss program is not yet available in Wyoming, but we are launching there next month.',
    });

    const events = await outboxEvents(service.engines, 'state-rules-changed');
    expect(events.map((e) => e.data)).toEqual([
      { version: 1, rules: wyomingBlocked, changedAt: expect.any(String) },
    ]);
    const lines = await auditLines();
    expect(lines).toEqual([
      expect.objectContaining({
        action: 'state-rules.change',
        staff: { id: ADMIN.id, name: 'Avery Admin', role: 'admin' },
        refs: { version: 1 },
      }),
    ]);
  });

  it("refuses a change made from an old version (another admin's came first); nothing changes", async () => {
    const res = await request(service.app)
      .put(CONSOLE)
      .set(as(OTHER_ADMIN.id, 'admin'))
      .send({ fromVersion: 0, rules: stateRulesSeed });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'These rules were changed by someone else since you opened them. Reload and try again.',
    );
    expect((await request(service.app).get(PUBLIC)).body.rules).toEqual(wyomingBlocked);
    expect(await outboxEvents(service.engines, 'state-rules-changed')).toHaveLength(1);
    expect(await auditLines()).toHaveLength(1);

    // From the version they now see, the other admin restores today's rules.
    const restored = await request(service.app)
      .put(CONSOLE)
      .set(as(OTHER_ADMIN.id, 'admin'))
      .send({ fromVersion: 1, rules: stateRulesSeed });
    expect(restored.status).toBe(200);
    expect(restored.body.version).toBe(2);
    const quiz = await request(service.app)
      .post('/api/intake-form')
      .send(validPerson({ state: 'WY' }));
    expect(quiz.body.status).toBe('success');
  });
});
