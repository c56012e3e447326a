/**
 * A staff session ends after 15 minutes without a request the person made (HIPAA
 * 164.312(a)(2)(iii)); the console's background refreshes are answered but keep nothing alive;
 * "Stay signed in" (POST /api/console/activity) starts the 15 minutes again; patients keep their
 * 30 days. The clock is moved by hand.
 */
import { eq } from 'drizzle-orm';
import { identityMessages } from '@clinic/contracts';
import { sessions } from '../db/schema';
import { startIdentity, type IdentityHarness } from '../testing/identity-harness';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

let identity: IdentityHarness;
let serial = 0;
beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(() => identity.close());

async function signIn(
  role: 'patient' | 'support' | 'clinician' | 'pharmacy' | 'marketing' | 'admin',
) {
  serial += 1;
  const email = `${role}-${serial}@idle.test`;
  await identity.createUser({ email, password: 'idle-test-password', role });
  return identity.logIn(email, 'idle-test-password');
}

const me = (token: string, background = false) =>
  identity.get('/api/console/me', { token, background });

async function idleDeadline(token: string): Promise<number | null> {
  const principal = await identity.principalOf(token);
  if (!principal) return null;
  const [row] = await identity.service.runtime.db
    .select({ idleExpiresAt: sessions.idleExpiresAt })
    .from(sessions)
    .where(eq(sessions.id, principal.sessionId));
  return row?.idleExpiresAt?.getTime() ?? null;
}

it.each(['support', 'clinician', 'pharmacy', 'marketing', 'admin'] as const)(
  '%s: the session is valid at 14:59 idle and refused at 15:01, with 401 from a route',
  async (role) => {
    const token = await signIn(role);
    identity.clock.advance(14 * MINUTE + 59 * SECOND);
    expect(await identity.principalOf(token)).not.toBeNull();
    identity.clock.advance(2 * SECOND);
    expect(await identity.principalOf(token)).toBeNull();
    const refused = await me(token);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(identityMessages.notLoggedIn);
  },
);

it("the person's request moves the deadline to 15 minutes from it", async () => {
  const token = await signIn('clinician');
  identity.clock.advance(10 * MINUTE);
  expect((await me(token)).status).toBe(200);
  identity.clock.advance(14 * MINUTE + 59 * SECOND);
  expect((await me(token, true)).status).toBe(200);
  identity.clock.advance(2 * SECOND);
  expect((await me(token)).status).toBe(401);
});

it('background refreshes are answered but do not keep the session alive', async () => {
  const token = await signIn('support');
  for (let minute = 0; minute < 14; minute += 2) {
    identity.clock.advance(2 * MINUTE);
    expect((await me(token, true)).status).toBe(200);
  }
  identity.clock.advance(MINUTE + SECOND);
  expect((await me(token, true)).status).toBe(401);
  expect((await me(token)).status).toBe(401);
});

it('writes the deadline only when it moves by more than a minute, not on every request', async () => {
  const token = await signIn('pharmacy');
  const opened = await idleDeadline(token);
  identity.clock.advance(30 * SECOND);
  expect((await me(token)).status).toBe(200);
  expect(await idleDeadline(token)).toBe(opened);
  identity.clock.advance(31 * SECOND);
  expect((await me(token)).status).toBe(200);
  expect(await idleDeadline(token)).toBe(identity.clock.now().getTime() + 15 * MINUTE);
});

it('"Stay signed in" (POST /api/console/activity) starts the 15 minutes again, exactly', async () => {
  const token = await signIn('admin');
  identity.clock.advance(14 * MINUTE + 30 * SECOND);
  // The console's keep-alive may come with nothing else: it alone keeps the person signed in.
  const kept = await identity.post('/api/console/activity', {}, { token, background: true });
  expect(kept.status).toBe(200);
  expect(kept.body).toEqual({ status: 'success' });
  expect(await idleDeadline(token)).toBe(identity.clock.now().getTime() + 15 * MINUTE);
  identity.clock.advance(14 * MINUTE + 59 * SECOND);
  expect(await identity.principalOf(token)).not.toBeNull();
  identity.clock.advance(2 * SECOND);
  expect((await identity.post('/api/console/activity', {}, { token })).status).toBe(401);
});

it("a patient's session has no idle limit: it keeps its 30 days, and the console refuses it", async () => {
  const token = await signIn('patient');
  expect(await idleDeadline(token)).toBeNull();
  identity.clock.advance(6 * 60 * MINUTE);
  expect(await identity.principalOf(token)).not.toBeNull();
  expect((await identity.get('/api/profile', { token, background: true })).status).toBe(200);
  expect((await identity.post('/api/console/activity', {}, { token })).status).toBe(403);
});
