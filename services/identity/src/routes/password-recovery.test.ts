import { eq } from 'drizzle-orm';
import { identityMessages } from '@clinic/contracts';
import { users } from '../db/schema';
import { startIdentity, testPublicUrl, type IdentityHarness } from '../testing/identity-harness';

const HOUR = 60 * 60 * 1000;

describe('password recovery: POST /api/forgot-password and POST /api/password-reset', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity();
  });
  afterAll(() => identity.close());

  const forgot = (email: string) => identity.post('/api/forgot-password', { email, app_src: 2 });
  const reset = (token: string, password: string) =>
    identity.post('/api/password-reset', { token, password });

  it('answers the same for an email without an account, and sends nothing', async () => {
    await identity.createUser({ email: 'known@example.com', password: 'old-password' });
    const unknown = await forgot('unknown@example.com');
    const known = await forgot('known@example.com');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ status: 'success', message: identityMessages.forgotSuccess });
    expect(known.status).toBe(unknown.status);
    expect(known.body).toEqual(unknown.body);
    await identity.queueIdle();
    expect(await identity.inbox('unknown@example.com')).toEqual([]);
    expect(await identity.inbox('known@example.com')).toHaveLength(1);
  });

  it('emails a link to the web app that sets a new password, then login works with it', async () => {
    await identity.createUser({ email: 'rosa@example.com', password: 'old-password' });
    await forgot('ROSA@example.com');
    const token = await identity.lastLinkToken('rosa@example.com');
    const [email] = await identity.inbox('rosa@example.com');
    expect(email?.subject).toBe('Reset your password');
    expect(email?.body).toContain(`${testPublicUrl}/password-reset/${token}`);

    const res = await reset(token, 'brand-new-password');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: identityMessages.resetSuccess });

    expect(
      (await identity.post('/api/login', { email: 'rosa@example.com', password: 'old-password' }))
        .status,
    ).toBe(401);
    const login = await identity.post('/api/login', {
      email: 'rosa@example.com',
      password: 'brand-new-password',
    });
    expect(login.status).toBe(200);
  });

  it('stores the new password as an argon2id hash, never the password', async () => {
    await identity.createUser({ email: 'hash@example.com' });
    await forgot('hash@example.com');
    await reset(await identity.lastLinkToken('hash@example.com'), 'a-fine-password');
    const [row] = await identity.service.runtime.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, 'hash@example.com'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.passwordHash).not.toContain('a-fine-password');
  });

  it('refuses a link used once already with "Link expired!"', async () => {
    await identity.createUser({ email: 'twice@example.com', password: 'old-password' });
    await forgot('twice@example.com');
    const token = await identity.lastLinkToken('twice@example.com');
    expect((await reset(token, 'first-new-password')).status).toBe(200);
    const again = await reset(token, 'second-new-password');
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ status: 'error', message: identityMessages.resetExpired });
    await identity.logIn('twice@example.com', 'first-new-password');
  });

  it('refuses a link older than one hour with "Link expired!" and keeps the old password', async () => {
    await identity.createUser({ email: 'late@example.com', password: 'old-password' });
    await forgot('late@example.com');
    const token = await identity.lastLinkToken('late@example.com');
    identity.clock.advance(HOUR + 1000);
    const res = await reset(token, 'too-late-password');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(identityMessages.resetExpired);
    await identity.logIn('late@example.com', 'old-password');
  });

  it('kills the older link when a newer one is asked for', async () => {
    await identity.createUser({ email: 'again@example.com', password: 'old-password' });
    await forgot('again@example.com');
    const first = await identity.lastLinkToken('again@example.com');
    await forgot('again@example.com');
    await identity.queueIdle();
    const second = await identity.lastLinkToken('again@example.com');
    expect(second).not.toBe(first);
    expect((await reset(first, 'from-the-old-link')).body.message).toBe(
      identityMessages.resetExpired,
    );
    expect((await reset(second, 'from-the-new-link')).status).toBe(200);
  });

  it('logs out every session of the user when the password is reset', async () => {
    await identity.createUser({ email: 'stolen@example.com', password: 'old-password' });
    const phone = await identity.logIn('stolen@example.com', 'old-password');
    const laptop = await identity.logIn('stolen@example.com', 'old-password');
    await forgot('stolen@example.com');
    await reset(await identity.lastLinkToken('stolen@example.com'), 'reclaimed-password');
    expect(await identity.principalOf(phone)).toBeNull();
    expect(await identity.principalOf(laptop)).toBeNull();
    const revoked = (await identity.outboxEvents('sessions-revoked')) as {
      reason: string;
      sessionIds: string[];
    }[];
    expect(revoked.find((e) => e.reason === 'password-reset')?.sessionIds).toHaveLength(2);
  });

  it('lets a patient without a password set one through "forgot password"', async () => {
    await identity.createUser({ email: 'quiz-taker@example.com' });
    await forgot('quiz-taker@example.com');
    await reset(await identity.lastLinkToken('quiz-taker@example.com'), 'my-first-password');
    await identity.logIn('quiz-taker@example.com', 'my-first-password');
  });

  it('refuses made-up tokens with "Link expired!"', async () => {
    for (const token of ['nonsense', 'A'.repeat(43), '../../etc/passwd']) {
      const res = await reset(token, 'whatever-password');
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(identityMessages.resetExpired);
    }
  });

  it.each([
    ['a short password', { token: 'x'.repeat(43), password: 'short' }],
    ['a 10 kB token', { token: 'x'.repeat(10_000), password: 'long-enough' }],
    ['a 10 kB password', { token: 'x'.repeat(43), password: 'p'.repeat(10_000) }],
    ['a numeric token', { token: 12345, password: 'long-enough' }],
  ])('answers 400 to a reset with %s and changes nothing', async (_case, body) => {
    const res = await identity.post('/api/password-reset', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Invalid request body: /);
  });

  it.each([
    ['a 10 kB email', { email: `${'e'.repeat(10_000)}@example.com` }],
    ['an array as email', { email: ['known@example.com'] }],
    ['no email', {}],
  ])('answers 400 to forgot-password with %s and queues nothing', async (_case, body) => {
    await identity.queueIdle();
    const jobs = await identity.count('jobs');
    const res = await identity.post('/api/forgot-password', body);
    expect(res.status).toBe(400);
    expect(await identity.count('jobs')).toBe(jobs);
  });
});
