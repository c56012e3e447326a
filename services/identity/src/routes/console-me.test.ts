import { consoleMeResponseSchema, consoleSections, identityMessages } from '@clinic/contracts';
import { startIdentity, type IdentityHarness } from '../testing/identity-harness';

describe('GET /api/console/me', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity();
    await identity.createUser({ email: 'pat@example.com', password: 'pat-password' });
    await identity.createUser({
      email: 'doc@example.com',
      password: 'doc-password',
      role: 'clinician',
      firstName: 'Casey',
    });
    await identity.createUser({
      email: 'help@example.com',
      password: 'help-password',
      role: 'support',
    });
    await identity.createUser({
      email: 'rx@example.com',
      password: 'rx-password',
      role: 'pharmacy',
    });
    await identity.createUser({
      email: 'growth@example.com',
      password: 'growth-password',
      role: 'marketing',
    });
    await identity.createUser({
      email: 'boss@example.com',
      password: 'boss-password',
      role: 'admin',
    });
  });
  afterAll(() => identity.close());

  async function asStaff(email: string, password: string) {
    const token = await identity.logIn(email, password);
    return identity.get('/api/console/me', { token });
  }

  it('answers the staff member and the sections of their role', async () => {
    const res = await asStaff('doc@example.com', 'doc-password');
    expect(res.status).toBe(200);
    expect(consoleMeResponseSchema.parse(res.body)).toEqual({
      status: 'success',
      staff: {
        id: expect.any(Number),
        first_name: 'Casey',
        last_name: 'Person',
        email: 'doc@example.com',
        role: 'clinician',
      },
      sections: [
        { key: 'review-queue', label: 'Review queue' },
        { key: 'decisions', label: 'Decisions' },
        { key: 'prescriptions', label: 'Prescriptions' },
        { key: 'patient-messages', label: 'Patient messages' },
      ],
    });
  });

  it.each([
    ['help@example.com', 'help-password', ['chat-inbox']],
    ['rx@example.com', 'rx-password', ['orders-to-place', 'shipments', 'reships']],
    [
      'growth@example.com',
      'growth-password',
      ['conversion-funnel', 'live-conversions', 'affiliate-conversions'],
    ],
  ])('gives %s only the sections of their role', async (email, password, keys) => {
    const res = await asStaff(email, password);
    expect(res.status).toBe(200);
    expect(res.body.sections.map((s: { key: string }) => s.key)).toEqual(keys);
  });

  it('gives an admin every section, in navigation order', async () => {
    const res = await asStaff('boss@example.com', 'boss-password');
    expect(res.status).toBe(200);
    expect(res.body.staff.role).toBe('admin');
    expect(res.body.sections).toEqual(consoleSections.map(({ key, label }) => ({ key, label })));
  });

  it("refuses a patient's token with 403", async () => {
    const token = await identity.logIn('pat@example.com', 'pat-password');
    const res = await identity.get('/api/console/me', { token });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ status: 'error', message: 'This is for clinic staff only.' });
    expect(res.body.staff).toBeUndefined();
  });

  it('asks for a login without a token, and after logout', async () => {
    const none = await identity.get('/api/console/me');
    expect(none.status).toBe(401);
    expect(none.body.message).toBe(identityMessages.notLoggedIn);

    const token = await identity.logIn('doc@example.com', 'doc-password');
    expect((await identity.get('/api/logout', { token })).status).toBe(200);
    expect((await identity.get('/api/console/me', { token })).status).toBe(401);
  });
});
