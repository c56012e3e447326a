import { identityMessages, loginResponseSchema } from '@clinic/contracts';
import { startIdentity, type IdentityHarness } from '../testing/identity-harness';

describe('POST /api/login', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity();
    await identity.createUser({
      email: 'dana@example.com',
      password: 'dana-password',
      firstName: 'Dana',
    });
    await identity.createUser({ email: 'quiz@example.com' });
    await identity.createUser({
      email: 'boss@example.com',
      password: 'boss-password',
      role: 'admin',
    });
    await identity.createUser({
      email: 'doc@example.com',
      password: 'doc-password',
      role: 'clinician',
    });
  });
  afterAll(() => identity.close());

  it('logs in with the right password and answers with the session token and the user', async () => {
    const res = await identity.post('/api/login', {
      email: 'dana@example.com',
      password: 'dana-password',
    });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = loginResponseSchema.parse(res.body);
    expect(body).toMatchObject({ status: 'success', message: identityMessages.loginSuccess });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toEqual({
      id: expect.any(Number),
      first_name: 'Dana',
      last_name: 'Person',
      email: 'dana@example.com',
      phone: '',
      address: '',
      city: '',
      state: '',
      zip: '',
      height_inch: null,
      weight: null,
      health_id: null,
      is_admin: 0,
      role: 'patient',
    });
    expect(await identity.principalOf(body.token)).toEqual({
      userId: body.user.id,
      role: 'patient',
      sessionId: expect.any(String),
      startedAt: expect.any(Number),
      cartId: null,
    });
  });

  it('lower-cases the email before looking it up', async () => {
    const res = await identity.post('/api/login', {
      email: '  Dana@Example.COM ',
      password: 'dana-password',
    });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe('dana@example.com');
  });

  it.each([
    ['an unknown email', 'nobody@example.com', 'dana-password'],
    ['a wrong password', 'dana@example.com', 'Dana-password'],
    ['an account that has no password yet', 'quiz@example.com', 'anything-at-all'],
  ])('refuses %s with the same 401 text and opens no session', async (_case, email, password) => {
    const sessions = await identity.count('sessions');
    const res = await identity.post('/api/login', { email, password });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ status: 'error', message: identityMessages.loginFailed });
    expect(res.body.token).toBeUndefined();
    expect(await identity.count('sessions')).toBe(sessions);
  });

  it('marks admins with is_admin 1 and gives staff their role', async () => {
    // Staff pass a second factor after the password (second-factor.test.ts).
    const admin = await identity.completeLogin(
      'boss@example.com',
      await identity.post('/api/login', { email: 'boss@example.com', password: 'boss-password' }),
    );
    expect(admin.body.user).toMatchObject({ is_admin: 1, role: 'admin' });
    const clinician = await identity.completeLogin(
      'doc@example.com',
      await identity.post('/api/login', { email: 'doc@example.com', password: 'doc-password' }),
    );
    expect(clinician.body.user).toMatchObject({ is_admin: 0, role: 'clinician' });
  });

  it('keeps a patient logged in for 30 days and staff for 12 hours, however busy', async () => {
    const patient = await identity.logIn('dana@example.com', 'dana-password');
    const staff = await identity.logIn('doc@example.com', 'doc-password');
    // A staff session also ends after 15 idle minutes (idle-sessions.test.ts): a clinician at
    // work makes a request every 10 minutes, and still the session ends at 12 hours.
    const end = identity.clock.now().getTime() + 12 * 60 * 60 * 1000;
    while (identity.clock.now().getTime() + 10 * 60 * 1000 < end - 1000) {
      identity.clock.advance(10 * 60 * 1000);
      expect((await identity.get('/api/console/me', { token: staff })).status).toBe(200);
    }
    identity.clock.set(new Date(end - 1000));
    expect(await identity.principalOf(staff)).not.toBeNull();
    identity.clock.advance(2000);
    expect(await identity.principalOf(staff)).toBeNull();
    expect(await identity.principalOf(patient)).not.toBeNull();
    identity.clock.advance(30 * 24 * 60 * 60 * 1000);
    expect(await identity.principalOf(patient)).toBeNull();
  });

  it.each([
    ['a 10 kB email', { email: `${'a'.repeat(10_000)}@example.com`, password: 'dana-password' }],
    ['a 10 kB password', { email: 'dana@example.com', password: 'p'.repeat(10_000) }],
    ['a number as email', { email: 42, password: 'dana-password' }],
    ['an object as password', { email: 'dana@example.com', password: { $ne: '' } }],
    ['no password', { email: 'dana@example.com' }],
    ['an empty email', { email: '', password: 'dana-password' }],
  ])('answers 400 to %s and stores nothing', async (_case, body) => {
    const before = await identity.count('sessions');
    const res = await identity.post('/api/login', body);
    expect(res.status).toBe(400);
    expect(res.body.status).toBe('error');
    expect(res.body.message).toMatch(/^Invalid request body: /);
    expect(await identity.count('sessions')).toBe(before);
  });
});
