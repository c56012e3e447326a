/**
 * Staff accounts and their second factor over the product's one address, against a running
 * product (single-node in the unit suite, the cluster in the infra suite): the demo admin invites
 * a support agent, who sets a password from the emailed link, enrols an authenticator app (the
 * code computed from the secret shown) and logs in with codes and recovery codes (a wrong code, a
 * code used twice and a recovery code used twice are refused). The agent opens a chat socket;
 * the admin disables the account: the server closes the socket (in cluster mode on whichever
 * chat process holds it) and the session is refused (within the gateway's 2-second session
 * cache). Enabled again, the agent logs in.
 */
import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { chatSocketPath, secondFactorMessages } from '@clinic/contracts';
import { demoAccounts, totpCodeForStep, totpStepAt } from '@clinic/identity';
import { eventually } from '@clinic/kit/testing';
import { logInDemo } from './demo-login';
import { call, linkInMail } from './patient-journey';

const PASSWORD = 'a-staff-password-1';

async function challenge(baseUrl: string, email: string): Promise<string> {
  const login = await call(baseUrl, 'POST', '/api/login', { json: { email, password: PASSWORD } });
  expect(login.status).toBe(200);
  expect(login.body.status).toBe('second_factor');
  return login.body.challenge as string;
}

export async function runStaffAccountsJourney(baseUrl: string): Promise<void> {
  const admin = await logInDemo(baseUrl, demoAccounts.admin);
  const email = `agent.${randomUUID().slice(0, 8)}@example.com`;
  const invited = await call(baseUrl, 'POST', '/api/console/staff', {
    token: admin.token,
    json: { email, first_name: 'Robin', last_name: 'Agent', role: 'support' },
  });
  expect(invited.status).toBe(200);
  const id = (invited.body.account as { id: number }).id;

  const linkToken = await linkInMail(
    baseUrl,
    email,
    'You are invited to the GLP Clinic staff console',
  );
  const set = await call(baseUrl, 'POST', '/api/password-reset', {
    json: { token: linkToken, password: PASSWORD },
  });
  expect(set.status).toBe(200);

  // First login: enrolment, confirmed with the code of the secret shown.
  const login = await call(baseUrl, 'POST', '/api/login', { json: { email, password: PASSWORD } });
  expect(login.body).toMatchObject({ status: 'second_factor', next: 'enrol' });
  const first = login.body.challenge as string;
  const started = await call(baseUrl, 'POST', '/api/login/enrolment', {
    json: { challenge: first },
  });
  expect(started.status).toBe(200);
  const secret = started.body.secret as string;
  const step = totpStepAt(Date.now());
  const enrolled = await call(baseUrl, 'POST', '/api/login/enrolment/confirm', {
    json: { challenge: first, code: totpCodeForStep(secret, step) },
  });
  expect(enrolled.status).toBe(200);
  const recoveryCodes = enrolled.body.recovery_codes as string[];
  expect(recoveryCodes).toHaveLength(10);

  // Next logins: the app's next code; the same code again, a wrong one, a recovery code twice.
  const second = await challenge(baseUrl, email);
  const next = totpCodeForStep(secret, step + 1);
  const withCode = await call(baseUrl, 'POST', '/api/login/second-factor', {
    json: { challenge: second, code: next },
  });
  expect(withCode.status).toBe(200);
  const token = withCode.body.token as string;

  const third = await challenge(baseUrl, email);
  const reused = await call(baseUrl, 'POST', '/api/login/second-factor', {
    json: { challenge: third, code: next },
  });
  expect(reused).toMatchObject({
    status: 401,
    body: { reason: 'code_reused', message: secondFactorMessages.reused },
  });
  const wrongCode = totpCodeForStep(secret, step + 9);
  const wrong = await call(baseUrl, 'POST', '/api/login/second-factor', {
    json: { challenge: third, code: wrongCode },
  });
  expect(wrong).toMatchObject({ status: 401, body: { reason: 'code_wrong' } });
  const recovered = await call(baseUrl, 'POST', '/api/login/second-factor', {
    json: { challenge: third, recovery_code: recoveryCodes[0] },
  });
  expect(recovered.status).toBe(200);
  const fourth = await challenge(baseUrl, email);
  const spent = await call(baseUrl, 'POST', '/api/login/second-factor', {
    json: { challenge: fourth, recovery_code: recoveryCodes[0] },
  });
  expect(spent).toMatchObject({ status: 401, body: { reason: 'recovery_code_used' } });

  // Disabled: the session is refused at once and the chat socket is closed by the server.
  const socket: Socket = io(baseUrl, {
    path: chatSocketPath,
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    expect((await call(baseUrl, 'GET', '/api/console/me', { token })).status).toBe(200);
    const disabled = await call(baseUrl, 'POST', `/api/console/staff/${id}/disable`, {
      token: admin.token,
    });
    expect(disabled.status).toBe(200);
    expect(await closed).toBe('io server disconnect');
    // Refused on the very next request: the gateway keeps no staff session (session-auth.ts).
    expect((await call(baseUrl, 'GET', '/api/console/me', { token })).status).toBe(401);
  } finally {
    socket.disconnect();
  }
  const refused = await call(baseUrl, 'POST', '/api/login', {
    json: { email, password: PASSWORD },
  });
  expect(refused.status).toBe(401);

  const enabled = await call(baseUrl, 'POST', `/api/console/staff/${id}/enable`, {
    token: admin.token,
  });
  expect(enabled.status).toBe(200);
  await eventually(async () => {
    expect((await challenge(baseUrl, email)).length).toBeGreaterThan(0);
  });
}
