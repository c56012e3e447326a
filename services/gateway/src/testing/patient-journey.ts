/**
 * The intake and account journey over HTTP, as a browser drives it, against a running product:
 * single-node in the unit suite, the cluster (separate processes, Kafka, Redis) in the infra
 * suite. It crosses every boundary this part of the product has: gateway to intake, intake to
 * identity, identity's emails through the queue, intake's events to checkout.
 */
import { randomUUID } from 'node:crypto';
import type { IntakePerson, SaveCartRequest } from '@clinic/contracts';
import { eventually } from '@clinic/kit/testing';

interface Answer {
  status: number;
  body: Record<string, unknown> & { status?: string; message?: string };
}

export async function call(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  opts: { token?: string; json?: unknown } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(baseUrl + path, {
    method,
    headers,
    body: opts.json === undefined ? undefined : JSON.stringify(opts.json),
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

export function quizAnswers(email: string, overrides: Partial<IntakePerson> = {}): IntakePerson {
  return {
    first_name: 'Jordan',
    last_name: 'Rivera',
    email,
    phone: '5125550147',
    phone_parts: { areaCode: '512', prefix: '555', line: '0147' },
    height: { foot: 5, inches: 10 },
    heightInInches: 70,
    weight: 240,
    bmi: 34.4,
    gender: 'Male',
    agreed_to_text: 'Yes',
    agreed_to_email: true,
    agreed_to_terms: true,
    form_step2_agree: true,
    dobMMDDYYYY: '07/04/1980',
    dob: { mm: 7, dd: 4, yyyy: 1980 },
    age: 46,
    desired_weight: 190,
    state: 'TX',
    source_web: 2,
    is_completed: true,
    tracking: { utm_source: 'newsletter', utm_campaign: 'fall' },
    ...overrides,
  };
}

/** The plan page's Tirzepatide plan, as it saves the cart. */
export const tirzepatidePlan: SaveCartRequest = {
  id: 1,
  name: 'Tirzepatide',
  price: 224.99,
  retail_price: 349.97,
  quantity: 1,
  main_type: 'Prescription',
  category: 'primary',
  sku: 'tirz_plan_1',
  stripe_id: 'tirz_plan_1',
  sema_offer: 'default',
  tir_offer: 'default',
  currentGLPMed: 'No',
  currentDose: '',
};

/**
 * The link in the newest email to `to` with this subject, read from the dev mailbox, once more
 * than `after` such emails arrived. Emails are sent at least once (a job may run twice under
 * load), so the subject picks the email rather than its position.
 */
export async function linkInMail(
  baseUrl: string,
  to: string,
  subject:
    'Set your password' | 'Reset your password' | 'You are invited to the GLP Clinic staff console',
  after = 0,
): Promise<string> {
  let link = '';
  await eventually(
    async () => {
      const res = await call(
        baseUrl,
        'GET',
        `/dev/mailbox/api/messages?to=${encodeURIComponent(to)}`,
      );
      const messages = (res.body.messages as { subject: string | null; body: string }[]).filter(
        (m) => m.subject === subject,
      );
      expect(messages.length).toBeGreaterThan(after);
      const match = /\/password-reset\/([A-Za-z0-9_-]+)/.exec(messages[0]?.body ?? '');
      expect(match).not.toBeNull();
      link = match?.[1] ?? '';
    },
    30000,
    200,
  );
  return link;
}

/** How many messages (emails or texts) `to` has received in the dev mailbox. */
export async function mailCount(baseUrl: string, to: string): Promise<number> {
  const res = await call(baseUrl, 'GET', `/dev/mailbox/api/messages?to=${encodeURIComponent(to)}`);
  return (res.body.messages as unknown[]).length;
}

export async function runPatientJourney(baseUrl: string): Promise<void> {
  const email = `journey.${randomUUID().slice(0, 8)}@example.com`;

  // The quiz qualifies: an account with a session, and a set-your-password email.
  const intake = await call(baseUrl, 'POST', '/api/intake-form', { json: quizAnswers(email) });
  expect(intake.status).toBe(200);
  expect(intake.body.status).toBe('success');
  const token = intake.body.token as string;
  const welcomeToken = await linkInMail(baseUrl, email, 'Set your password');

  // The plan page saves the cart as the logged-in patient; the checkout link is its id.
  await eventually(async () => {
    const cart = await call(baseUrl, 'POST', '/forms/save-cart', { token, json: tirzepatidePlan });
    expect(cart.status).toBe(200);
    expect(cart.body.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  // The same email again: no second account, no session.
  const again = await call(baseUrl, 'POST', '/api/intake-form', { json: quizAnswers(email) });
  expect(again.body).toMatchObject({ status: 'existing_account' });
  expect(again.body).not.toHaveProperty('token');

  // Setting the password with the welcome link, then logging in with it.
  const password = 'correct horse battery';
  const set = await call(baseUrl, 'POST', '/api/password-reset', {
    json: { token: welcomeToken, password },
  });
  expect(set.body).toEqual({ status: 'success', message: 'Password changed successfully.' });
  const reused = await call(baseUrl, 'POST', '/api/password-reset', {
    json: { token: welcomeToken, password: 'another password' },
  });
  expect(reused.status).toBe(404);
  expect(reused.body.message).toBe('Link expired!');

  const login = await call(baseUrl, 'POST', '/api/login', {
    json: { email: email.toUpperCase(), password },
  });
  expect(login.status).toBe(200);
  expect(login.body.status).toBe('success');
  const session = login.body.token as string;

  // Forgot password: a new link arrives; the answer is the same for an unknown email.
  const forgot = await call(baseUrl, 'POST', '/api/forgot-password', {
    json: { email, app_src: 2 },
  });
  const unknown = await call(baseUrl, 'POST', '/api/forgot-password', {
    json: { email: `nobody.${randomUUID().slice(0, 8)}@example.com`, app_src: 2 },
  });
  expect(unknown.body).toEqual(forgot.body);
  const resetToken = await linkInMail(baseUrl, email, 'Reset your password');
  expect(resetToken).not.toBe(welcomeToken);

  // Logout revokes the session: the token is refused afterwards.
  const logout = await call(baseUrl, 'GET', '/api/logout', { token: session });
  expect(logout.status).toBe(200);
  const afterLogout = await call(baseUrl, 'GET', '/api/logout', { token: session });
  expect(afterLogout.status).toBe(401);
}

/** A visitor from a state where the program has not launched. */
export async function runDisqualifiedJourney(baseUrl: string): Promise<void> {
  const email = `blocked.${randomUUID().slice(0, 8)}@example.com`;
  const res = await call(baseUrl, 'POST', '/api/intake-form', {
    json: quizAnswers(email, { state: 'MS' }),
  });
  expect(res.body).toEqual({
    status: 'disqualified',
    reason: 'state_not_available',
    message:
      'Our GLP Medical Weight Loss program is not yet available in Mississippi, but we are launching there next month.',
  });
  const forgot = await call(baseUrl, 'POST', '/api/forgot-password', {
    json: { email, app_src: 2 },
  });
  expect(forgot.status).toBe(200);
  expect(await mailCount(baseUrl, email)).toBe(0);
}

/**
 * A patient with a BMI of 23: qualified at the quiz, but checkout learns the BMI from intake's
 * event (over the bus) and refuses a cart for someone not already taking GLP-1 medication.
 */
export async function runEligibilityJourney(baseUrl: string): Promise<void> {
  const email = `bmi23.${randomUUID().slice(0, 8)}@example.com`;
  const intake = await call(baseUrl, 'POST', '/api/intake-form', {
    json: quizAnswers(email, { weight: 160, desired_weight: 140 }),
  });
  expect(intake.body.status).toBe('success');
  const token = intake.body.token as string;
  await eventually(
    async () => {
      const refused = await call(baseUrl, 'POST', '/forms/save-cart', {
        token,
        json: tirzepatidePlan,
      });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(
        "We're Sorry. Based on the information you provided, you currently do not qualify for our programs.",
      );
    },
    30000,
    200,
  );
  const currentUser = await call(baseUrl, 'POST', '/forms/save-cart', {
    token,
    json: { ...tirzepatidePlan, currentGLPMed: 'Yes', currentDose: '5 mg' },
  });
  expect(currentUser.status).toBe(200);
}
