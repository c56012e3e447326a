import { identityMessages } from '@clinic/contracts';
import { identityRateLimits } from '../domain/rate-limits';
import { startIdentity, type IdentityHarness } from '../testing/identity-harness';

const { forgotPasswordPerEmail, forgotPasswordPerAddress, passwordResetPerAddress } =
  identityRateLimits;

describe('rate limits of recovery (login: login-limits.test.ts)', () => {
  let identity: IdentityHarness;

  // One service for all: each test has its own account and addresses, so counts do not mix.
  beforeAll(async () => {
    identity = await startIdentity();
  });
  afterAll(() => identity.close());

  let accounts = 0;
  async function newAccount(): Promise<string> {
    accounts += 1;
    const email = `ana${accounts}@example.com`;
    await identity.createUser({ email, password: 'ana-password' });
    return email;
  }

  function expectRefused(res: {
    status: number;
    body: { message?: string };
    headers: Record<string, string>;
  }) {
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(identityMessages.tooManyAttempts);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  }

  it('sends at most 3 reset emails per email an hour; a refused request sends nothing', async () => {
    const ana = await newAccount();
    const forgot = () => identity.post('/api/forgot-password', { email: ana });
    for (let i = 0; i < forgotPasswordPerEmail.limit; i += 1)
      expect((await forgot()).status).toBe(200);
    expectRefused(await forgot());
    await identity.queueIdle();
    expect(await identity.inbox(ana)).toHaveLength(forgotPasswordPerEmail.limit);

    identity.clock.advance(forgotPasswordPerEmail.windowMs);
    expect((await forgot()).status).toBe(200);
    await identity.queueIdle();
    expect(await identity.inbox(ana)).toHaveLength(forgotPasswordPerEmail.limit + 1);
  });

  it('limits forgot-password per address across emails, whether they have accounts or not', async () => {
    const ana = await newAccount();
    const from = '198.51.100.20';
    for (let i = 0; i < forgotPasswordPerAddress.limit; i += 1)
      expect(
        (await identity.post('/api/forgot-password', { email: `p${i}@example.com` }, { from }))
          .status,
      ).toBe(200);
    expectRefused(await identity.post('/api/forgot-password', { email: ana }, { from }));
    await identity.queueIdle();
    expect(await identity.inbox(ana)).toEqual([]);
  });

  it('limits reset attempts per address', async () => {
    const from = '198.51.100.30';
    const attempt = () =>
      identity.post(
        '/api/password-reset',
        { token: 'B'.repeat(43), password: 'new-password' },
        { from },
      );
    for (let i = 0; i < passwordResetPerAddress.limit; i += 1)
      expect((await attempt()).status).toBe(404);
    expectRefused(await attempt());
    identity.clock.advance(passwordResetPerAddress.windowMs);
    expect((await attempt()).status).toBe(404);
  });
});
