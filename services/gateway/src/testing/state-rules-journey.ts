/**
 * Issue 30 item 7 over HTTP, against a running product (single-node in the unit suite): the demo
 * admin blocks Vermont in the State rules section, after a preview that counts the open cart of
 * a Vermont patient; in the same run and without a restart, a visitor from Vermont is sent to
 * /sorry by the quiz and checkout refuses to ship that patient's cart there. The rules in force
 * before are restored at the end, whatever happened.
 */
import { randomUUID } from 'node:crypto';
import type { StateRules } from '@clinic/contracts';
import { eventually } from '@clinic/kit/testing';
import { call, quizAnswers, tirzepatidePlan } from './patient-journey';
import { login as staffLogin } from './role-matrix';

const VERMONT_NOT_SERVED =
  'Our GLP Medical Weight Loss program is not yet available in Vermont, but we are launching there next month.';

interface RulesAnswer {
  status: number;
  body: { version: number; rules: StateRules; message?: string };
}

async function send(
  baseUrl: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  opts: { token?: string; json?: unknown; key?: string } = {},
): Promise<RulesAnswer & { body: Record<string, unknown> }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.key) headers['idempotency-key'] = opts.key;
  if (opts.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(baseUrl + path, {
    method,
    headers,
    body: opts.json === undefined ? undefined : JSON.stringify(opts.json),
  });
  return { status: res.status, body: (await res.json()) as RulesAnswer['body'] };
}

const vermont = { addressLine1: '12 Church St', city: 'Burlington', state: 'VT', zip: '05401' };

export async function runStateRulesJourney(baseUrl: string): Promise<void> {
  const admin = await staffLogin(baseUrl, 'admin');

  // A Vermont patient, qualified before the change, with a cart and a shipping address there.
  const email = `vermont.${randomUUID().slice(0, 8)}@example.com`;
  const quiz = await call(baseUrl, 'POST', '/api/intake-form', {
    json: quizAnswers(email, { state: 'VT' }),
  });
  expect(quiz.body.status).toBe('success');
  const patient = quiz.body.token as string;
  let cartId = '';
  await eventually(async () => {
    const saved = await call(baseUrl, 'POST', '/forms/save-cart', {
      token: patient,
      json: tirzepatidePlan,
    });
    expect(saved.status).toBe(200);
    cartId = saved.body.id as string;
  });
  expect(
    (await call(baseUrl, 'POST', '/api/save-address', { token: patient, json: vermont })).status,
  ).toBe(200);

  const opened = await send(baseUrl, 'GET', '/api/console/state-rules', { token: admin });
  expect(opened.status).toBe(200);
  const before = opened.body.rules;
  expect(before.blockedStates).not.toContain('VT');
  const blocked: StateRules = { ...before, blockedStates: [...before.blockedStates, 'VT'] };
  try {
    const preview = await send(baseUrl, 'POST', '/api/console/state-rules/preview', {
      token: admin,
      json: { rules: blocked },
    });
    expect(preview.status).toBe(200);
    // This patient's cart is counted; the cluster's database may hold other carts and orders
    // there from earlier runs.
    expect(preview.body).toMatchObject({ states: ['VT'], openOrders: expect.any(Number) });
    expect(preview.body.openCarts).toBeGreaterThanOrEqual(1);

    const saved = await send(baseUrl, 'PUT', '/api/console/state-rules', {
      token: admin,
      json: { fromVersion: opened.body.version, rules: blocked },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.version).toBe(opened.body.version + 1);
    const inForce = await send(baseUrl, 'GET', '/api/state-rules');
    expect(inForce.body.rules.blockedStates).toContain('VT');

    // A visitor from Vermont: the quiz's answer sends the browser to /sorry with this message.
    const visitor = await call(baseUrl, 'POST', '/api/intake-form', {
      json: quizAnswers(`vt.visitor.${randomUUID().slice(0, 8)}@example.com`, { state: 'VT' }),
    });
    expect(visitor.body).toEqual({
      status: 'disqualified',
      reason: 'state_not_available',
      message: VERMONT_NOT_SERVED,
    });

    // Checkout's copy follows intake's event within a second: the cart is refused before a charge.
    const token = await call(baseUrl, 'POST', '/sandbox/v1/tokens', {
      json: { card: { number: '4242424242424242', exp_month: 12, exp_year: 2031, cvc: '123' } },
    });
    await eventually(async () => {
      const refused = await send(baseUrl, 'POST', '/api/checkout-new', {
        token: patient,
        key: randomUUID(),
        json: {
          payment_terms: 1,
          id: cartId,
          cardToken: token.body.id,
          amount: 22499,
          medication: 'Tirzepatide',
          paymentMethod: 'card',
          shippingAddress: vermont,
        },
      });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(VERMONT_NOT_SERVED);
    });
  } finally {
    const now = await send(baseUrl, 'GET', '/api/console/state-rules', { token: admin });
    const restored = await send(baseUrl, 'PUT', '/api/console/state-rules', {
      token: admin,
      json: { fromVersion: now.body.version, rules: before },
    });
    expect(restored.status).toBe(200);
  }
}
