/**
 * Staff accounts in the admin console (issue 30): an invitation makes an account without a
 * password and emails the set-password link, from which the invitee sets a password, enrols an
 * authenticator app and logs in with a code; roles change; a disabled account's sessions end at
 * once (and are announced, so its sockets close) and it cannot log in until enabled again; the
 * last enabled admin can be neither demoted nor disabled. Each change is on the audit trail.
 */
import {
  identityMessages,
  secondFactorNeededSchema,
  staffAccountMessages as m,
  type StaffAccount,
} from '@clinic/contracts';
import { STAFF_ROLE_REFUSED } from '@clinic/kit';
import { serviceBootTimeoutMs } from '@clinic/kit/testing';
import { TOTP_STEP_MS, totpCodeForStep, totpStepAt } from '../domain/authenticator';
import { startIdentity, type IdentityHarness } from '../testing/identity-harness';

// Invitations hash ten recovery codes at enrolment, and logins hash passwords.
jest.setTimeout(120_000);

const LIST = '/api/console/staff';
const ADMIN_ADDRESS = '203.0.113.7';

let identity: IdentityHarness;
let admin = '';
let adminId = 0;
beforeAll(async () => {
  identity = await startIdentity();
  adminId = await identity.createUser({
    email: 'alex@example.com',
    password: 'admin-password',
    role: 'admin',
    firstName: 'Alex',
  });
  admin = await identity.logIn('alex@example.com', 'admin-password');
}, serviceBootTimeoutMs);
afterAll(() => identity.close());

const asAdmin = { token: '', from: ADMIN_ADDRESS };
const post = (path: string, body: unknown = {}, token = admin) =>
  identity.post(path, body, { ...asAdmin, token });

async function auditActions(staffId: number): Promise<string[]> {
  const page = await identity.service.runtime.audit.page(identity.service.runtime.db, {
    refs: { staff: staffId },
    limit: 20,
  });
  return page.entries.map((e) => e.action).reverse();
}

let people = 0;
async function invite(role: StaffAccount['role'] = 'clinician'): Promise<StaffAccount> {
  people += 1;
  const res = await post(LIST, {
    email: ` Person${people}@Example.com `,
    first_name: 'Jamie',
    last_name: `Person${people}`,
    role,
  });
  expect(res.status).toBe(200);
  return res.body.account as StaffAccount;
}

/** The invitee's whole way in: the emailed link, a password, enrolment, and a session. */
async function acceptInvite(account: StaffAccount, password = 'a-new-password-1') {
  await identity.queueIdle();
  const token = await identity.lastLinkToken(account.email);
  expect((await identity.post('/api/password-reset', { token, password })).status).toBe(200);
  return identity.logIn(account.email, password);
}

it('invites a staff member, who sets a password, enrols an app and logs in with a code', async () => {
  const account = await invite('support');
  expect(account).toMatchObject({
    email: `person${people}@example.com`,
    role: 'support',
    enabled: true,
    two_factor: false,
    password_set: false,
    last_login_at: null,
  });
  await identity.queueIdle();
  const [mail] = await identity.inbox(account.email);
  expect(mail?.subject).toBe('You are invited to the GLP Clinic staff console');
  // Without a password nobody logs in to the new account.
  const early = await identity.post('/api/login', { email: account.email, password: 'x' });
  expect(early.status).toBe(401);

  const token = await identity.lastLinkToken(account.email);
  const set = await identity.post('/api/password-reset', { token, password: 'a-new-password-1' });
  expect(set.status).toBe(200);
  const login = await identity.post('/api/login', {
    email: account.email,
    password: 'a-new-password-1',
  });
  const asked = secondFactorNeededSchema.parse(login.body);
  expect(asked.next).toBe('enrol');
  const started = await identity.post('/api/login/enrolment', { challenge: asked.challenge });
  const { secret } = started.body as { secret: string };
  const code = totpCodeForStep(secret, totpStepAt(identity.authenticator.now()));
  const enrolled = await identity.post('/api/login/enrolment/confirm', {
    challenge: asked.challenge,
    code,
  });
  expect(enrolled.status).toBe(200);
  expect(enrolled.body.user).toMatchObject({ role: 'support', email: account.email });

  // And from then on with a code from the app.
  identity.authenticator.advance(TOTP_STEP_MS);
  const again = secondFactorNeededSchema.parse(
    (await identity.post('/api/login', { email: account.email, password: 'a-new-password-1' }))
      .body,
  );
  expect(again.next).toBe('code');
  const next = totpCodeForStep(secret, totpStepAt(identity.authenticator.now()));
  const session = await identity.post('/api/login/second-factor', {
    challenge: again.challenge,
    code: next,
  });
  expect(session.status).toBe(200);

  const list = await identity.get(LIST, { ...asAdmin, token: admin });
  expect(list.status).toBe(200);
  const listed = (list.body.staff as StaffAccount[]).find((s) => s.id === account.id);
  expect(listed).toMatchObject({ two_factor: true, password_set: true, enabled: true });
  expect(listed?.last_login_at).toBe(identity.clock.now().toISOString());
  expect((list.body.staff as StaffAccount[])[0]).toMatchObject({ role: 'admin' });
  expect(await auditActions(account.id)).toEqual(['staff.invite']);
});

it('refuses an email that has an account, and bad input, changing nothing', async () => {
  const account = await invite();
  const count = await identity.count('users');
  const again = await post(LIST, {
    email: account.email.toUpperCase(),
    first_name: 'Other',
    last_name: 'Person',
    role: 'admin',
  });
  expect(again.status).toBe(409);
  expect(again.body.message).toBe(m.emailTaken);
  for (const body of [
    { email: 'not-an-email', first_name: 'A', last_name: 'B', role: 'support' },
    { email: 'a@example.com', first_name: 'A', last_name: 'B', role: 'patient' },
    { email: 'a@example.com', first_name: ' ', last_name: 'B', role: 'support' },
  ]) {
    expect((await post(LIST, body)).status).toBe(400);
  }
  expect((await post(`${LIST}/999999/disable`)).status).toBe(404);
  expect((await post(`${LIST}/${account.id}/role`, { role: 'superuser' })).status).toBe(400);
  expect(await identity.count('users')).toBe(count);
});

it('is for admins only', async () => {
  const nurse = await invite('clinician');
  const token = await acceptInvite(nurse);
  const refused = await identity.get(LIST, { token });
  expect(refused.status).toBe(403);
  expect(refused.body.message).toBe(STAFF_ROLE_REFUSED);
  expect((await post(`${LIST}/${adminId}/disable`, {}, token)).status).toBe(403);
});

it('changes a role, from the next request on', async () => {
  const account = await invite('pharmacy');
  const token = await acceptInvite(account);
  const res = await post(`${LIST}/${account.id}/role`, { role: 'marketing' });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ message: m.roleChanged, account: { role: 'marketing' } });
  expect(await identity.principalOf(token)).toMatchObject({ role: 'marketing' });
  expect(await auditActions(account.id)).toEqual(['staff.invite', 'staff.role']);
});

it('disables an account: its sessions end and are announced, it cannot log in until enabled', async () => {
  const account = await invite('support');
  const phone = await acceptInvite(account);
  const laptop = await identity.logIn(account.email, 'a-new-password-1');
  const before = (await identity.outboxEvents('sessions-revoked')).length;

  const res = await post(`${LIST}/${account.id}/disable`);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ message: m.disabled, account: { enabled: false } });
  for (const token of [phone, laptop]) {
    expect(await identity.principalOf(token)).toBeNull();
    expect((await identity.get('/api/console/me', { token })).status).toBe(401);
  }
  const announced = (await identity.outboxEvents('sessions-revoked')).slice(before);
  expect(announced).toEqual([
    expect.objectContaining({
      userId: account.id,
      reason: 'account-disabled',
      sessionIds: expect.arrayContaining([expect.any(String), expect.any(String)]),
    }),
  ]);
  const login = await identity.post('/api/login', {
    email: account.email,
    password: 'a-new-password-1',
  });
  expect(login.status).toBe(401);
  expect(login.body.message).toBe(identityMessages.loginFailed);

  const enabled = await post(`${LIST}/${account.id}/enable`);
  expect(enabled.body).toMatchObject({ message: m.enabled, account: { enabled: true } });
  expect(await identity.logIn(account.email, 'a-new-password-1')).toEqual(expect.any(String));
  expect(await auditActions(account.id)).toEqual(['staff.invite', 'staff.disable', 'staff.enable']);
});

it('never removes the last enabled admin, even when two admins remove each other at once', async () => {
  const alone = await identity.get(LIST, { ...asAdmin, token: admin });
  expect(
    (alone.body.staff as StaffAccount[]).filter((s) => s.role === 'admin' && s.enabled),
  ).toHaveLength(1);
  for (const [path, body] of [
    [`${LIST}/${adminId}/disable`, {}],
    [`${LIST}/${adminId}/role`, { role: 'support' }],
  ] as const) {
    const res = await post(path, body);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(m.lastAdmin);
  }
  expect(await identity.principalOf(admin)).toMatchObject({ role: 'admin' });
  expect(await auditActions(adminId)).toEqual([]);

  const other = await invite('admin');
  const otherToken = await acceptInvite(other);
  const [first, second] = await Promise.all([
    post(`${LIST}/${other.id}/disable`),
    post(`${LIST}/${adminId}/disable`, {}, otherToken),
  ]);
  expect([first.status, second.status].sort()).toEqual([200, 409]);
  const after = await identity.get(LIST, {
    ...asAdmin,
    token: first.status === 200 ? admin : otherToken,
  });
  expect(
    (after.body.staff as StaffAccount[]).filter((s) => s.role === 'admin' && s.enabled),
  ).toHaveLength(1);
  // Put back for the other tests: the remaining admin enables the other.
  const survivor = first.status === 200 ? admin : otherToken;
  const back = await post(
    `${LIST}/${first.status === 200 ? other.id : adminId}/enable`,
    {},
    survivor,
  );
  expect(back.status).toBe(200);
});
