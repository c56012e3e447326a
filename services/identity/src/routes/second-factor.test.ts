/**
 * Every staff account signs in with a second factor (issue 30): the right password alone gives
 * no session; a member without an authenticator app enrols one (QR code and secret, a first code,
 * ten recovery codes shown once), then logs in with a code or a recovery code. A wrong code, a
 * code of a time step already used and a spent recovery code are refused, and count as failed
 * logins. A patient's login is as it was.
 */
import {
  loginResponseSchema,
  secondFactorMessages,
  secondFactorNeededSchema,
} from '@clinic/contracts';
import { TOTP_STEP_MS, totpCodeForStep, totpStepAt } from '../domain/authenticator';
import { loginLimits } from '../domain/login-guard';
import { startIdentity, type IdentityHarness } from '../testing/identity-harness';

// Recovery codes are argon2id hashes: ten of them per enrolment on two busy cores take a while.
jest.setTimeout(120_000);

let identity: IdentityHarness;
beforeAll(async () => {
  identity = await startIdentity();
  await identity.createUser({ email: 'pat@example.com', password: 'pat-password' });
});
afterAll(() => identity.close());

let accounts = 0;
async function newStaff(): Promise<string> {
  accounts += 1;
  const email = `nurse${accounts}@example.com`;
  await identity.createUser({ email, password: 'nurse-password', role: 'clinician' });
  return email;
}

async function challengeFor(email: string) {
  const res = await identity.post('/api/login', { email, password: 'nurse-password' });
  expect(res.status).toBe(200);
  return secondFactorNeededSchema.parse(res.body);
}

/** The code the app shows now (the harness's authenticator time), or `steps` later. */
const codeNow = (secret: string, steps = 0) =>
  totpCodeForStep(secret, totpStepAt(identity.authenticator.now()) + steps);

/** Enrols a new staff member the way the enrolment page does; their secret and recovery codes. */
async function enrolled(email: string) {
  const { challenge } = await challengeFor(email);
  const started = await identity.post('/api/login/enrolment', { challenge });
  const { secret } = started.body as { secret: string };
  const done = await identity.post('/api/login/enrolment/confirm', {
    challenge,
    code: codeNow(secret),
  });
  expect(done.status).toBe(200);
  identity.authenticator.advance(TOTP_STEP_MS);
  return { secret, recoveryCodes: done.body.recovery_codes as string[] };
}

it('leaves a patient’s login as it was: the password answers the session', async () => {
  const res = await identity.post('/api/login', {
    email: 'pat@example.com',
    password: 'pat-password',
  });
  expect(loginResponseSchema.parse(res.body).user.role).toBe('patient');
});

it('takes a new staff member from the password through enrolment to a session', async () => {
  const email = await newStaff();
  const sessions = await identity.count('sessions');
  const asked = await challengeFor(email);
  expect(asked).toMatchObject({ next: 'enrol', message: secondFactorMessages.enrolNeeded });
  expect(asked).not.toHaveProperty('token');
  expect(await identity.count('sessions')).toBe(sessions);

  const started = await identity.post('/api/login/enrolment', { challenge: asked.challenge });
  expect(started.status).toBe(200);
  expect(started.headers['cache-control']).toBe('no-store');
  const { secret, otpauth_uri, qr_code } = started.body as {
    secret: string;
    otpauth_uri: string;
    qr_code: string;
  };
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(otpauth_uri).toBe(
    `otpauth://totp/GLP%20Clinic:${encodeURIComponent(email)}?secret=${secret}&period=30&digits=6&algorithm=SHA1&issuer=GLP%20Clinic`,
  );
  expect(qr_code).toMatch(/^data:image\/png;base64,/);

  const wrong = await identity.post('/api/login/enrolment/confirm', {
    challenge: asked.challenge,
    code: codeNow(secret, 5),
  });
  expect(wrong.status).toBe(401);
  expect(wrong.body).toMatchObject({ message: secondFactorMessages.wrong, reason: 'code_wrong' });
  expect(await identity.count('sessions')).toBe(sessions);

  const done = await identity.post('/api/login/enrolment/confirm', {
    challenge: asked.challenge,
    code: codeNow(secret),
  });
  expect(done.status).toBe(200);
  expect(loginResponseSchema.parse(done.body).user.role).toBe('clinician');
  const codes = done.body.recovery_codes as string[];
  expect(codes).toHaveLength(10);
  expect(new Set(codes).size).toBe(10);
  for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  expect(await identity.principalOf(done.body.token as string)).toMatchObject({
    role: 'clinician',
  });

  // The challenge ended with the login; the next login asks for a code, never enrolment again.
  const again = await identity.post('/api/login/enrolment', { challenge: asked.challenge });
  expect(again.status).toBe(401);
  identity.authenticator.advance(TOTP_STEP_MS);
  const next = await challengeFor(email);
  expect(next).toMatchObject({ next: 'code', message: secondFactorMessages.codeNeeded });
  const replaced = await identity.post('/api/login/enrolment', { challenge: next.challenge });
  expect(replaced.status).toBe(409);
  const in2 = await identity.post('/api/login/second-factor', {
    challenge: next.challenge,
    code: codeNow(secret),
  });
  expect(in2.status).toBe(200);
  expect(loginResponseSchema.parse(in2.body).token).toEqual(expect.any(String));
});

it('refuses a wrong code and a code whose time step already logged the account in', async () => {
  const email = await newStaff();
  const { secret } = await enrolled(email);
  const code = codeNow(secret);

  const first = await challengeFor(email);
  const wrong = await identity.post('/api/login/second-factor', {
    challenge: first.challenge,
    code: code === '000000' ? '000001' : '000000',
  });
  expect(wrong.status).toBe(401);
  expect(wrong.body).toMatchObject({ message: secondFactorMessages.wrong, reason: 'code_wrong' });
  const ok = await identity.post('/api/login/second-factor', { challenge: first.challenge, code });
  expect(ok.status).toBe(200);

  const sessions = await identity.count('sessions');
  const second = await challengeFor(email);
  const reused = await identity.post('/api/login/second-factor', {
    challenge: second.challenge,
    code,
  });
  expect(reused.status).toBe(401);
  expect(reused.body).toMatchObject({
    message: secondFactorMessages.reused,
    reason: 'code_reused',
  });
  // An earlier step than the one used is refused as well: codes only move forward.
  const earlier = await identity.post('/api/login/second-factor', {
    challenge: second.challenge,
    code: codeNow(secret, -1),
  });
  expect(earlier.body.reason).toBe('code_reused');
  expect(await identity.count('sessions')).toBe(sessions);

  // The app's next code goes through.
  identity.authenticator.advance(TOTP_STEP_MS);
  const fresh = await identity.post('/api/login/second-factor', {
    challenge: second.challenge,
    code: codeNow(secret),
  });
  expect(fresh.status).toBe(200);
});

it('takes each recovery code once', async () => {
  const email = await newStaff();
  const { recoveryCodes } = await enrolled(email);
  const [code] = recoveryCodes;

  const first = await challengeFor(email);
  // Typed in capitals and without the dash, it is the same code.
  const typed = code!.toUpperCase().replace('-', '');
  const ok = await identity.post('/api/login/second-factor', {
    challenge: first.challenge,
    recovery_code: typed,
  });
  expect(ok.status).toBe(200);
  expect(loginResponseSchema.parse(ok.body).user.role).toBe('clinician');

  const second = await challengeFor(email);
  const twice = await identity.post('/api/login/second-factor', {
    challenge: second.challenge,
    recovery_code: code,
  });
  expect(twice.status).toBe(401);
  expect(twice.body).toMatchObject({
    message: secondFactorMessages.recoveryUsed,
    reason: 'recovery_code_used',
  });
  const unknown = await identity.post('/api/login/second-factor', {
    challenge: second.challenge,
    recovery_code: 'zzzzz-zzzzz',
  });
  expect(unknown.body).toMatchObject({ reason: 'recovery_code_wrong' });
  const another = await identity.post('/api/login/second-factor', {
    challenge: second.challenge,
    recovery_code: recoveryCodes[1],
  });
  expect(another.status).toBe(200);
});

it('ends a challenge after five wrong codes, and counts them as failed logins', async () => {
  const email = await newStaff();
  const { secret } = await enrolled(email);
  const { challenge } = await challengeFor(email);
  for (let i = 0; i < loginLimits.perAccount.limit; i += 1) {
    const res = await identity.post('/api/login/second-factor', {
      challenge,
      code: codeNow(secret, 3 + i),
    });
    expect(res.body.reason).toBe('code_wrong');
  }
  const right = await identity.post('/api/login/second-factor', {
    challenge,
    code: codeNow(secret),
  });
  expect(right.status).toBe(401);
  expect(right.body).toMatchObject({
    message: secondFactorMessages.expired,
    reason: 'challenge_expired',
  });
  // Five failures for the account: the password alone no longer even reaches the second step.
  const res = await identity.post('/api/login', { email, password: 'nurse-password' });
  expect(res.status).toBe(401);
  expect(res.body.reason).toBe('login_code_needed');
});

it('refuses a challenge past its five minutes, and bad input with a 400', async () => {
  const email = await newStaff();
  const { secret } = await enrolled(email);
  const { challenge } = await challengeFor(email);
  identity.clock.advance(5 * 60 * 1000 + 1);
  const late = await identity.post('/api/login/second-factor', {
    challenge,
    code: codeNow(secret),
  });
  expect(late.body.reason).toBe('challenge_expired');

  for (const body of [
    { challenge, code: '12345' },
    { challenge, code: '123456', recovery_code: 'abcde-fghjk' },
    { challenge },
    { code: '123456' },
  ]) {
    const res = await identity.post('/api/login/second-factor', body);
    expect(res.status).toBe(400);
  }
});
