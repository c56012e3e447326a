import request from 'supertest';
import { internalPaths } from '@clinic/contracts';
import { INTERNAL_CALL_HEADER, PrincipalSigner } from '@clinic/kit';
import { startIdentity, type IdentityHarness } from '../testing/identity-harness';

describe('internal routes', () => {
  let identity: IdentityHarness;
  let internalToken: string;

  beforeAll(async () => {
    identity = await startIdentity();
    internalToken = identity.service.engines.principals.internalToken();
  });
  afterAll(() => identity.close());

  const call = (path: string, body: unknown, token?: string) => {
    const test = request(identity.service.app).post(path);
    if (token) test.set(INTERNAL_CALL_HEADER, token);
    return test.send(body as object);
  };

  it.each([
    ['no internal token', undefined],
    ['a token of another cluster', new PrincipalSigner('o'.repeat(32)).internalToken()],
  ])('refuses a call with %s (403)', async (_case, token) => {
    for (const path of Object.values(internalPaths)) {
      const res = await call(path, { token: 'x' }, token);
      expect(res.status).toBe(403);
    }
  });

  it('resolves a token to its principal or null', async () => {
    await identity.createUser({ email: 'int@example.com', password: 'int-password' });
    const token = await identity.logIn('int@example.com', 'int-password');
    const known = await call(internalPaths.resolveSession, { token }, internalToken);
    expect(known.status).toBe(200);
    expect(known.body.principal).toMatchObject({ role: 'patient' });
    const unknown = await call(internalPaths.resolveSession, { token: 'nope' }, internalToken);
    expect(unknown.body).toEqual({ principal: null });
  });

  it.each([
    [internalPaths.resolveSession, { token: 42 }],
    [internalPaths.resolveSession, { token: 'x'.repeat(10_000) }],
    [internalPaths.resolveSession, { token: 'A'.repeat(43), activity: 'sometimes' }],
    [internalPaths.provisionPatient, { email: 'a@example.com' }],
    [internalPaths.provisionPatient, { email: ['a@example.com'], height_inch: '70' }],
    [internalPaths.staffMember, { userId: 'one' }],
    [internalPaths.clinicianProfile, { userId: -1 }],
    [internalPaths.patientContact, {}],
  ])('answers 400 to a malformed body on %s and stores nothing', async (path, body) => {
    const users = await identity.count('users');
    const res = await call(path, body, internalToken);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Invalid request body: /);
    expect(await identity.count('users')).toBe(users);
  });
});
