/**
 * The /verify sequence over HTTP, as the page drives it, against a running product (single-node
 * in the unit suite, the cluster in the infra suite): the address typed at checkout reaches
 * verification by event and validates on entry; a typed address gets its USPS form and is
 * saved; the phone code is read from the texts in the dev mailbox, a wrong one counted; the
 * phone is changed and the new one verified; the email code is read from the mailbox.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { eventually } from '@clinic/kit/testing';
import { call, mailCount, quizAnswers } from './patient-journey';

async function newestCode(baseUrl: string, to: string, after: number): Promise<string> {
  let code = '';
  await eventually(
    async () => {
      const res = await call(
        baseUrl,
        'GET',
        `/dev/mailbox/api/messages?to=${encodeURIComponent(to)}`,
      );
      const messages = res.body.messages as { body: string }[];
      expect(messages.length).toBeGreaterThan(after);
      code = /code is (\d{4})/.exec(messages[0]?.body ?? '')?.[1] ?? '';
      expect(code).toMatch(/^\d{4}$/);
    },
    30000,
    200,
  );
  return code;
}

export async function runVerificationJourney(baseUrl: string): Promise<void> {
  const email = `verify.${randomUUID().slice(0, 8)}@example.com`;
  const line = String(randomInt(1000, 9000));
  const intake = await call(baseUrl, 'POST', '/api/intake-form', {
    json: quizAnswers(email, {
      phone: `512555${line}`,
      phone_parts: { areaCode: '512', prefix: '555', line },
    }),
  });
  expect(intake.body.status).toBe('success');
  const token = intake.body.token as string;
  const userId = (intake.body.user as { id: number }).id;

  // Checkout saves the address typed on its page; verification hears of it by event.
  const saved = await call(baseUrl, 'POST', '/api/save-address', {
    token,
    json: {
      addressLine1: '1200 Congress Ave',
      addressLine2: 'Apt 4',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
    },
  });
  expect(saved.status).toBe(200);
  await eventually(async () => {
    const entry = await call(baseUrl, 'GET', `/api/address/validate/${userId}`, { token });
    expect(entry.body.data).toMatchObject({ valid: true, address: expect.anything() });
  }, 30000);

  // A typed address: checked, then saved in its standard form.
  const typed = {
    address_line_1: '600 Congress Avenue',
    address_line_2: 'Suite 200',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
  };
  const checked = await call(baseUrl, 'POST', '/api/address/validate', { token, json: typed });
  expect(checked.body).toMatchObject({
    valid: true,
    message: 'We found a suggested correction for your address.',
  });
  const shipped = await call(baseUrl, 'POST', '/api/ship-address', { token, json: typed });
  expect(shipped.body).toMatchObject({
    message: 'Address updated successfully!',
    address: { address_line_1: '600 CONGRESS AVE', address_line_2: 'STE 200', city: 'AUSTIN' },
  });
  const poBox = await call(baseUrl, 'POST', '/api/ship-address', {
    token,
    json: { ...typed, address_line_1: 'PO Box 42', address_line_2: null },
  });
  expect(poBox.status).toBe(400);
  const stored = await call(baseUrl, 'GET', '/api/ship-address', { token });
  expect(stored.body.data).toMatchObject({ address_line_1: '600 CONGRESS AVE' });

  // Phone: a wrong code is counted, the phone is changed, the new phone's code verifies it.
  const phone = `512555${line}`;
  let before = await mailCount(baseUrl, phone);
  expect((await call(baseUrl, 'POST', '/api/send-code/1', { token })).body).toMatchObject({
    sent_to: `***-***-${line}`,
    resend_in: 60,
  });
  const first = await newestCode(baseUrl, phone, before);
  const wrong = await call(baseUrl, 'POST', '/api/verify-code', {
    token,
    json: { type: 1, code: first === '0000' ? '1111' : '0000' },
  });
  expect(wrong.status).toBe(422);
  expect(wrong.body).toMatchObject({
    message: 'Invalid verification code. Please try again.',
    attempts_left: 4,
  });
  const resend = await call(baseUrl, 'POST', '/api/send-code/1', { token });
  expect(resend.status).toBe(429);
  expect(resend.body.message).toMatch(/^Resend available in \d+ seconds\.$/);

  const newPhone = `469555${line}`;
  const changed = await call(baseUrl, 'POST', '/api/update-phone', {
    token,
    json: { phone: newPhone },
  });
  expect(changed.body).toEqual({ status: 'success', message: 'Phone number updated.' });
  const refused = await call(baseUrl, 'POST', '/api/update-phone', {
    token,
    json: { phone: '9115550000' },
  });
  expect(refused.status).toBe(400);
  before = await mailCount(baseUrl, newPhone);
  expect((await call(baseUrl, 'POST', '/api/send-code/1', { token })).status).toBe(200);
  const phoneCode = await newestCode(baseUrl, newPhone, before);
  expect(
    (await call(baseUrl, 'POST', '/api/verify-code', { token, json: { type: 1, code: phoneCode } }))
      .body,
  ).toEqual({ status: 'success', message: 'Phone number verified.' });

  // Email: the code from the mailbox.
  before = await mailCount(baseUrl, email);
  expect((await call(baseUrl, 'POST', '/api/send-code/2', { token })).status).toBe(200);
  const emailCode = await newestCode(baseUrl, email, before);
  expect(
    (await call(baseUrl, 'POST', '/api/verify-code', { token, json: { type: 2, code: emailCode } }))
      .body,
  ).toEqual({ status: 'success', message: 'Email address verified.' });

  const state = await call(baseUrl, 'GET', '/api/verification-status', { token });
  expect(state.body).toMatchObject({
    phone: { status: 'verified' },
    email: { status: 'verified' },
  });
  // Another patient's id is refused.
  expect(
    (await call(baseUrl, 'GET', `/api/address/validate/${userId + 1}`, { token })).status,
  ).toBe(403);
}
