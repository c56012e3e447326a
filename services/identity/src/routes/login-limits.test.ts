/**
 * Login limits (issue 26, item 14): only failures count; an account past its limit is never
 * locked against its owner (the right password with the code emailed to them logs in), and a
 * guesser learns nothing more; one address is stopped after 20 failures, never for successes;
 * and the counts survive a restart of the single process.
 */
import { identityMessages, loginCodeMessages, loginResponseSchema } from '@clinic/contracts';
import {
  ManualClock,
  baseConfigSchema,
  loadConfig,
  openEngines,
  type OpenedEngines,
} from '@clinic/kit';
import { openTestEngines, silentLogger } from '@clinic/kit/testing';
import { identityService } from '../app';
import { loginCodeRules } from '../domain/login-codes';
import { loginLimits } from '../domain/login-guard';
import { startIdentity, type IdentityHarness } from '../testing/identity-harness';

const { perAccount, perAddress } = loginLimits;
// Every attempt costs a real argon2id hash: dozens of them on two busy cores take a while.
jest.setTimeout(120_000);

const clock = new ManualClock('2026-03-02T15:00:00.000Z');
let engines: OpenedEngines;
let identity: IdentityHarness;
beforeAll(async () => {
  engines = await openTestEngines({
    processName: 'login-limits',
    services: [identityService],
    clock,
  });
  identity = await startIdentity({ engines, clock });
});
afterAll(async () => {
  await identity.close();
  // After the restart test, `engines` are the restarted process's (they close the database).
  await engines.close();
});

let accounts = 0;
async function newAccount(role: 'patient' | 'clinician' = 'patient'): Promise<string> {
  accounts += 1;
  const email = `kim${accounts}@example.com`;
  await identity.createUser({ email, password: 'kim-password', role });
  return email;
}

const login = (body: { email: string; password: string; code?: string }, from?: string) =>
  identity.post('/api/login', body, { from });

async function failFiveTimes(email: string): Promise<void> {
  for (let i = 0; i < perAccount.limit; i += 1)
    expect((await login({ email, password: `wrong-${i}` })).status).toBe(401);
}

/** The newest login code emailed to an address. */
async function emailedCode(email: string): Promise<string> {
  await identity.queueIdle();
  const [newest] = (await identity.inbox(email)).filter((m) => m.subject === 'Your login code');
  const code = /\n(\d{6})\n/.exec(newest?.body ?? '')?.[1];
  if (!code) throw new Error(`no login code emailed to ${email}`);
  return code;
}

it('past 5 failures a clinician still gets in: the right password with the code emailed to them', async () => {
  const doc = await newAccount('clinician');
  await failFiveTimes(doc);

  const sessions = await identity.count('sessions');
  const asked = await login({ email: doc, password: 'kim-password' });
  expect(asked.status).toBe(401);
  expect(asked.body).toMatchObject({
    message: loginCodeMessages.needed,
    reason: 'login_code_needed',
  });
  expect(await identity.count('sessions')).toBe(sessions);

  const code = await emailedCode(doc);
  const res = await login({ email: doc, password: 'kim-password', code });
  expect(res.status).toBe(200);
  // A clinician's right password leads to the second factor (second-factor.test.ts).
  const done = await identity.completeLogin(doc, res);
  expect(loginResponseSchema.parse(done.body).user.role).toBe('clinician');
  // The code works once; the success cleared the failures, so the password alone works again.
  expect((await login({ email: doc, password: 'kim-password', code })).status).toBe(200);
  expect((await login({ email: doc, password: 'kim-password' })).status).toBe(200);
});

it('past the limit a wrong password is answered as a right one, and emails nothing', async () => {
  const kim = await newAccount();
  await failFiveTimes(kim);
  const wrong = await login({ email: kim, password: 'a-good-guess' });
  await identity.queueIdle();
  expect(await identity.inbox(kim)).toEqual([]);
  const right = await login({ email: kim, password: 'kim-password' });
  expect(wrong.status).toBe(right.status);
  expect(wrong.body.message).toBe(right.body.message);
  expect(wrong.body.reason).toBe(right.body.reason);
  // An email without an account reaches the same state: nothing tells them apart.
  await failFiveTimes('nobody-here@example.com');
  const unknown = await login({ email: 'nobody-here@example.com', password: 'kim-password' });
  expect(unknown.body).toMatchObject({ reason: 'login_code_needed' });
});

it('a wrong code is refused and counted; five wrong tries end that code; a new one is sent at most once a minute', async () => {
  const kim = await newAccount();
  await failFiveTimes(kim);
  await login({ email: kim, password: 'kim-password' });
  const code = await emailedCode(kim);
  const other = code === '000000' ? '111111' : '000000';

  const wrong = await login({ email: kim, password: 'kim-password', code: other });
  expect(wrong.status).toBe(401);
  expect(wrong.body).toMatchObject({
    message: loginCodeMessages.wrong,
    reason: 'login_code_wrong',
  });
  // The right code with a wrong password is a wrong password (the code holder is the owner).
  const typo = await login({ email: kim, password: 'kim-passw0rd', code });
  expect(typo.body.message).toBe(identityMessages.loginFailed);
  for (let i = 0; i < loginCodeRules.triesPerCode - 2; i += 1)
    await login({ email: kim, password: 'kim-password', code: other });
  expect((await login({ email: kim, password: 'kim-password', code })).body.reason).toBe(
    'login_code_wrong',
  );

  // Asking again within the minute sends nothing new; after it, a new code.
  await login({ email: kim, password: 'kim-password' });
  await identity.queueIdle();
  expect((await identity.inbox(kim)).length).toBe(1);
  clock.advance(loginCodeRules.resendAfterMs);
  await login({ email: kim, password: 'kim-password' });
  const fresh = await emailedCode(kim);
  expect((await identity.inbox(kim)).length).toBe(2);
  expect((await login({ email: kim, password: 'kim-password', code: fresh })).status).toBe(200);
});

it('counts failures only: 21 logins from one address all pass; 20 failures stop that address only', async () => {
  const office = '203.0.113.50';
  const staff = await Promise.all([newAccount('clinician'), newAccount('clinician')]);
  for (let i = 0; i <= perAddress.limit; i += 1)
    expect((await login({ email: staff[i % 2]!, password: 'kim-password' }, office)).status).toBe(
      200,
    );

  const from = '203.0.113.7';
  for (let i = 0; i < perAddress.limit; i += 1)
    expect((await login({ email: `guess-${i}@example.com`, password: 'x' }, from)).status).toBe(
      401,
    );
  const refused = await login({ email: staff[0]!, password: 'kim-password' }, from);
  expect(refused.status).toBe(429);
  expect(refused.body.message).toBe(identityMessages.tooManyAttempts);
  const wait = Number(refused.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(perAddress.windowMs / 1000);
  expect((await login({ email: staff[0]!, password: 'kim-password' }, office)).status).toBe(200);
  clock.advance(perAddress.windowMs);
  expect((await login({ email: staff[0]!, password: 'kim-password' }, from)).status).toBe(200);
});

it('a password reset (the other way forward on /login) clears the failures', async () => {
  const kim = await newAccount();
  await failFiveTimes(kim);
  expect((await identity.post('/api/forgot-password', { email: kim })).status).toBe(200);
  await identity.queueIdle();
  const reset = await identity.post('/api/password-reset', {
    token: await identity.lastLinkToken(kim),
    password: 'kim-new-password',
  });
  expect(reset.status).toBe(200);
  expect((await login({ email: kim, password: 'kim-new-password' })).status).toBe(200);
});

it('keeps its counts across a restart of the process', async () => {
  const kim = await newAccount();
  await failFiveTimes(kim);
  await identity.close();
  // A new process on the same database: its own engines (and in-memory counters), nothing else.
  // The first process's engines hold nothing else to release (an in-process bus and counters).
  engines = await openEngines(loadConfig(baseConfigSchema, { DATA_DIR: ':memory:' }), {
    processName: 'login-limits-restarted',
    logger: silentLogger,
    clock,
    database: engines.database,
  });
  identity = await startIdentity({ engines, clock });
  const res = await login({ email: kim, password: 'kim-password' });
  expect(res.status).toBe(401);
  expect(res.body.reason).toBe('login_code_needed');
});
