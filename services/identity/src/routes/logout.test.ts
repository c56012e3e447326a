import request from 'supertest';
import { identityMessages } from '@clinic/contracts';
import { PRINCIPAL_HEADER, PRINCIPAL_SIGNATURE_HEADER } from '@clinic/kit';
import { startIdentity, type IdentityHarness } from '../testing/identity-harness';

describe('GET /api/logout', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity();
    await identity.createUser({ email: 'lee@example.com', password: 'lee-password' });
    await identity.createUser({
      email: 'nurse@example.com',
      password: 'nurse-password',
      role: 'support',
    });
  });
  afterAll(() => identity.close());

  it("revokes the caller's session: its token resolves to no one afterwards", async () => {
    const token = await identity.logIn('lee@example.com', 'lee-password');
    const other = await identity.logIn('lee@example.com', 'lee-password');
    const res = await identity.get('/api/logout', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: identityMessages.loggedOut });
    expect(await identity.principalOf(token)).toBeNull();
    // Logging out one device leaves the others logged in.
    expect(await identity.principalOf(other)).not.toBeNull();
  });

  it('announces the ended session (sessions-revoked) so its live sockets close, once', async () => {
    const token = await identity.logIn('lee@example.com', 'lee-password');
    const { sessionId, userId } = (await identity.principalOf(token))!;
    const before = (await identity.outboxEvents('sessions-revoked')).length;
    expect((await identity.get('/api/logout', { token })).status).toBe(200);
    const announced = await identity.outboxEvents('sessions-revoked');
    expect(announced.slice(before)).toEqual([
      { userId, sessionIds: [sessionId], reason: 'logout', revokedAt: expect.any(String) },
    ]);
  });

  it('works for staff too', async () => {
    const token = await identity.logIn('nurse@example.com', 'nurse-password');
    expect((await identity.get('/api/logout', { token })).status).toBe(200);
    expect(await identity.principalOf(token)).toBeNull();
  });

  it('asks for a login when nobody is logged in', async () => {
    const res = await identity.get('/api/logout');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(identityMessages.notLoggedIn);
  });

  it('does not trust a principal header the client made up', async () => {
    const token = await identity.logIn('lee@example.com', 'lee-password');
    const principal = await identity.principalOf(token);
    const forged = Buffer.from(JSON.stringify({ ...principal, at: Date.now() })).toString(
      'base64url',
    );
    const withForgery = await request(identity.service.app)
      .get('/api/logout')
      .set(PRINCIPAL_HEADER, forged)
      .set(PRINCIPAL_SIGNATURE_HEADER, 'not-a-signature');
    expect(withForgery.status).toBe(401);
    expect(await identity.principalOf(token)).not.toBeNull();
  });
});
