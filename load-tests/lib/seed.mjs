// What the scenarios need before their load starts, made through the product's public API as a
// browser would make it (never written into a database): patients who paid, the demo staff's
// sessions, chat visitors. Each returns what the scenario's YAML reads: `variables` (Artillery's
// --variables; a list gives each virtual user one of its items at random) or `payload` rows
// (Artillery's --payload file, read in turn: one row per virtual user).
import { randomInt, randomUUID } from 'node:crypto';

const STAFF = {
  clinicianToken: { email: 'clinician@demo.glp-clinic.local', password: 'demo-clinician-2026' },
  pharmacyToken: { email: 'pharmacy@demo.glp-clinic.local', password: 'demo-pharmacy-2026' },
  supportToken: { email: 'support@demo.glp-clinic.local', password: 'demo-support-2026' },
};

/** A seeded person's client address, from the benchmarking range (see scenarios/processor.mjs). */
const seedAddress = () => `198.19.${randomInt(0, 256)}.${randomInt(1, 255)}`;

export class SeedError extends Error {}

async function call(target, method, path, { body, token, address, headers = {} } = {}) {
  const res = await fetch(new URL(path, target), {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(address ? { 'x-forwarded-for': address } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // reported below with the status
  }
  if (!res.ok)
    throw new SeedError(`${method} ${path} answered ${res.status}: ${text.slice(0, 200)}`);
  return json;
}

async function inBatches(count, size, make) {
  const out = [];
  for (let start = 0; start < count; start += size)
    out.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(size, count - start) }, (_, i) => make(start + i)),
      )),
    );
  return out;
}

/** A patient who took the quiz and paid a three-month semaglutide plan, as the e2e's do. */
async function paidPatient(target) {
  const address = seedAddress();
  const line = String(randomInt(2000, 9000));
  const intake = await call(target, 'POST', '/api/intake-form', {
    address,
    body: {
      first_name: 'Load',
      last_name: 'Patient',
      email: `load.patient.${randomUUID().slice(0, 13)}@example.com`,
      phone: `512555${line}`,
      phone_parts: { areaCode: '512', prefix: '555', line },
      height: { foot: 5, inches: 10 },
      weight: 240,
      gender: 'Female',
      agreed_to_text: 'Yes',
      agreed_to_email: true,
      agreed_to_terms: true,
      form_step2_agree: true,
      dob: { mm: 7, dd: 4, yyyy: 1980 },
      desired_weight: 190,
      state: 'TX',
      source_web: 2,
    },
  });
  if (intake?.status !== 'success')
    throw new SeedError(`the seeded quiz did not qualify (${intake?.status})`);
  const { token, user } = intake;
  const cart = await call(target, 'POST', '/forms/save-cart', {
    token,
    body: {
      id: 4,
      name: 'Semaglutide',
      price: 134.99,
      retail_price: 249.97,
      quantity: 1,
      main_type: 'Prescription',
      category: 'primary',
      sku: 'sema_plan_278928',
      stripe_id: 'sema_plan_278928',
      sema_offer: 'default',
      tir_offer: 'default',
      currentGLPMed: 'No',
      currentDose: '',
    },
  });
  const card = await call(target, 'POST', '/sandbox/v1/tokens', {
    body: { card: { number: '4242424242424242', exp_month: 12, exp_year: 2031, cvc: '123' } },
  });
  await call(target, 'POST', '/api/checkout-new', {
    token,
    address,
    headers: { 'idempotency-key': randomUUID() },
    body: {
      payment_terms: 3,
      user_id: user.id,
      id: cart.id,
      cardToken: card.id,
      amount: 44997,
      medication: 'Semaglutide',
      paymentMethod: 'card',
      shippingAddress: { addressLine1: '500 Main St', city: 'Dallas', state: 'TX', zip: '75201' },
    },
  });
  // The portal's order view is built from the payment's event: wait until it shows the order,
  // so the scenario reads a patient's real home page, not an empty one.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const view = await call(target, 'GET', '/api/order-items', { token });
    if (view?.orders?.length > 0) return { token };
    if (Date.now() > deadline)
      throw new SeedError("a seeded patient's order did not reach /api/order-items in 30 s");
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** `patients` patients who paid: the portal scenario's `patient` (one per virtual user). */
export async function paidPatients(target, patients) {
  return { variables: { patient: await inBatches(patients, 4, () => paidPatient(target)) } };
}

/**
 * identity's demo-second-factor.ts, the one way the tests and scripts compute a demo staff
 * member's code (TypeScript: loaded through tsx).
 */
async function demoSecondFactor() {
  const { tsImport } = await import('tsx/esm/api');
  return tsImport('../../services/identity/src/domain/demo-second-factor.ts', import.meta.url);
}

/** A staff member's session: the password, then the code from their published demo secret. */
async function staffLogin(target, account) {
  const answer = await call(target, 'POST', '/api/login', { body: account });
  if (answer?.status !== 'second_factor') return answer.token;
  const { nextDemoSignInCode } = await demoSecondFactor();
  const code = await nextDemoSignInCode(account.email);
  const body = { challenge: answer.challenge, code };
  return (await call(target, 'POST', '/api/login/second-factor', { body })).token;
}

/** The demo clinician's, pharmacist's and support agent's sessions. */
export async function staffSessions(target) {
  const vars = {};
  for (const [name, account] of Object.entries(STAFF)) {
    try {
      vars[name] = await staffLogin(target, account);
    } catch (err) {
      throw new SeedError(
        `${account.email} cannot log in (${err.message}); the console scenario needs the demo ` +
          'staff accounts (single node seeds them; cluster mode with SEED_DEMO_ACCOUNTS=true)',
      );
    }
  }
  return { variables: vars };
}

/** `visitors` chat visitors (POST /api/chat-user): the chat scenario's `visitorId, chatToken`. */
export async function chatVisitors(target, visitors) {
  const rows = await inBatches(visitors, 10, async () => {
    const answer = await call(target, 'POST', '/api/chat-user', {
      address: seedAddress(),
      body: {
        first_name: 'Load',
        last_name: 'Visitor',
        email: `load.visitor.${randomUUID().slice(0, 13)}@example.com`,
      },
    });
    if (answer?.status !== 'success')
      throw new SeedError(`chat-user did not register a visitor (${answer?.status})`);
    return [answer.user.id, answer.user.chat_token];
  });
  return { payload: rows };
}
