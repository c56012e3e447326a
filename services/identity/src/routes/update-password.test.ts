import { identityMessages } from '@clinic/contracts';
import { startIdentity, type IdentityHarness } from '../testing/identity-harness';

describe('POST /api/update-password', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity();
    await identity.createUser({ email: 'mia@example.com', password: 'first-password' });
  });
  afterAll(() => identity.close());

  const update = (token: string | undefined, newPassword: string, confirmPassword = newPassword) =>
    identity.post('/api/update-password', { newPassword, confirmPassword }, { token });

  it('requires a login', async () => {
    const res = await update(undefined, 'another-password');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(identityMessages.notLoggedIn);
    await identity.logIn('mia@example.com', 'first-password');
  });

  it("sets the new password, keeps the caller logged in and logs out the user's other sessions", async () => {
    const here = await identity.logIn('mia@example.com', 'first-password');
    const elsewhere = await identity.logIn('mia@example.com', 'first-password');
    const gone = (await identity.principalOf(elsewhere))!;
    const kept = (await identity.principalOf(here))!;
    const res = await update(here, 'second-password');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: identityMessages.passwordUpdated });
    expect(await identity.principalOf(here)).not.toBeNull();
    expect(await identity.principalOf(elsewhere)).toBeNull();
    // Announced, so the other devices' live sockets close at once; the caller's stay.
    const [announced] = (await identity.outboxEvents('sessions-revoked')) as {
      userId: number;
      sessionIds: string[];
      reason: string;
    }[];
    expect(announced).toMatchObject({ userId: gone.userId, reason: 'password-changed' });
    expect(announced?.sessionIds).toContain(gone.sessionId);
    expect(announced?.sessionIds).not.toContain(kept.sessionId);
    expect(
      (await identity.post('/api/login', { email: 'mia@example.com', password: 'first-password' }))
        .status,
    ).toBe(401);
    await identity.logIn('mia@example.com', 'second-password');
  });

  it.each([
    [
      'passwords that do not match',
      { newPassword: 'third-password', confirmPassword: 'third-passw0rd' },
    ],
    ['a short password', { newPassword: 'short', confirmPassword: 'short' }],
    ['a 10 kB password', { newPassword: 'p'.repeat(10_000), confirmPassword: 'p'.repeat(10_000) }],
    ['a number', { newPassword: 12345678, confirmPassword: 12345678 }],
  ])('answers 400 to %s and keeps the password', async (_case, body) => {
    const token = await identity.logIn('mia@example.com', 'second-password');
    const res = await identity.post('/api/update-password', body, { token });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Invalid request body: /);
    await identity.logIn('mia@example.com', 'second-password');
  });

  describe('on a session older than 15 minutes', () => {
    const fifteenMinutes = 15 * 60 * 1000;

    it('asks for the current password and changes nothing without it', async () => {
      const token = await identity.logIn('mia@example.com', 'second-password');
      identity.clock.advance(fifteenMinutes);
      const res = await update(token, 'stolen-password');
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(identityMessages.recentLoginRequired);
      await identity.logIn('mia@example.com', 'second-password');
    });

    it('refuses a wrong current password', async () => {
      const token = await identity.logIn('mia@example.com', 'second-password');
      identity.clock.advance(fifteenMinutes + 1);
      const res = await identity.post(
        '/api/update-password',
        {
          newPassword: 'stolen-password',
          confirmPassword: 'stolen-password',
          currentPassword: 'a-guess',
        },
        { token },
      );
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(identityMessages.currentPasswordWrong);
      await identity.logIn('mia@example.com', 'second-password');
    });

    it('changes it with the current password', async () => {
      const token = await identity.logIn('mia@example.com', 'second-password');
      identity.clock.advance(fifteenMinutes);
      const res = await identity.post(
        '/api/update-password',
        {
          newPassword: 'fourth-password',
          confirmPassword: 'fourth-password',
          currentPassword: 'second-password',
        },
        { token },
      );
      expect(res.status).toBe(200);
      await identity.logIn('mia@example.com', 'fourth-password');
    });

    it('needs nothing more one minute before the 15 minutes are up', async () => {
      const token = await identity.logIn('mia@example.com', 'fourth-password');
      identity.clock.advance(fifteenMinutes - 60_000);
      expect((await update(token, 'fifth-password')).status).toBe(200);
    });
  });
});
