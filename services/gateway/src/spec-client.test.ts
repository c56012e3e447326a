/**
 * A client written from the specification's text alone (spec 000 sections 3 and 7, spec 001
 * sections 3 and 7), the way a team that never saw our contracts package would write it: form
 * fields as the pages hold them (selects and inputs give strings), the spec's `main_type (1)`,
 * `category (Weight)` and `kku`, empty offers and an empty coupon when none applies, the cancel
 * call's placeholder values. Nothing here imports from contracts/: if the contract drifts from
 * the spec again, this suite fails. Every published call of the two documents is driven against
 * the whole product (single-node, embedded engines) and must be answered as the spec reads it.
 */
import { randomUUID } from 'node:crypto';
import { loadConfig } from '@clinic/kit';
import { eventually, silentLogger } from '@clinic/kit/testing';
import { gatewayConfigSchema } from './config';
import { startSingleNode, type RunningProduct } from './single-node';
import { productBootMs } from './testing/product-boot';

type Body = Record<string, unknown>;

let product: RunningProduct;
let token = '';
let userId = 0;
const email = `spec.client.${randomUUID().slice(0, 8)}@example.com`;
/** The account's email, after update-email changes it. */
let currentEmail = email;

async function send(
  method: 'GET' | 'POST',
  path: string,
  opts: { json?: unknown; bearer?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Body; type: string }> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.bearer) headers.authorization = `Bearer ${opts.bearer}`;
  if (opts.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(product.url + path, {
    method,
    headers,
    body: opts.json === undefined ? undefined : JSON.stringify(opts.json),
  });
  const type = res.headers.get('content-type') ?? '';
  const body = type.includes('json') ? ((await res.json()) as Body) : {};
  return { status: res.status, body, type };
}

/** The newest message to `to` in the dev mailbox that matches `pattern`: its first group. */
async function fromMailbox(to: string, pattern: RegExp): Promise<string> {
  let found = '';
  await eventually(
    async () => {
      const inbox = await send('GET', `/dev/mailbox/api/messages?to=${encodeURIComponent(to)}`);
      const messages = inbox.body.messages as { body: string }[];
      found = messages.map((m) => pattern.exec(m.body)?.[1]).find(Boolean) ?? '';
      expect(found).not.toBe('');
    },
    30000,
    200,
  );
  return found;
}

beforeAll(async () => {
  const config = loadConfig(gatewayConfigSchema, {
    PORT: '0',
    DATA_DIR: ':memory:',
    NODE_ENV: 'test',
  });
  product = await startSingleNode(config, { logger: silentLogger });
}, productBootMs);
afterAll(async () => product.close());

describe('a client written from the spec alone', () => {
  it('GET /api/get-all-products: the products list', async () => {
    const res = await send('GET', '/api/get-all-products');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body.products)).toBe(true);
  });

  it("POST /api/intake-form with the page's values: the date of birth as select strings, height and weights as typed", async () => {
    const res = await send('POST', '/api/intake-form', {
      json: {
        first_name: 'Maria',
        last_name: 'Santos',
        email,
        phone: '5125550163',
        phone_parts: { areaCode: '512', prefix: '555', line: '0163' },
        height: { foot: '5', inches: '4' },
        heightInInches: 64,
        weight: '210',
        bmi: 36.0,
        gender: 'Female',
        agreed_to_text: 'Yes',
        agreed_to_email: true,
        agreed_to_terms: true,
        form_step2_agree: true,
        dobMMDDYYYY: '04/12/1985',
        dob: { mm: '04', dd: '12', yyyy: '1985' },
        age: 41,
        desired_weight: '165',
        state: 'TX',
        source_web: 2,
        ip_address: '203.0.113.7',
        tracking_session_id: 'trk-spec-1',
        user_agent: 'spec-client/1.0',
        is_completed: true,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    token = res.body.token as string;
    userId = (res.body.user as { id: number }).id;
    expect(token).toBeTruthy();
    expect(userId).toBeGreaterThan(0);
  });

  let cartId = '';
  it('POST /forms/save-cart with main_type 1, category Weight, kku and no active offer', async () => {
    const products = (await send('GET', '/api/get-all-products')).body.products as Body[];
    const tirzepatide = products.find((p) => p.stripe_id === 'tirz_plan_1');
    expect(tirzepatide).toBeDefined();
    await eventually(async () => {
      const res = await send('POST', '/forms/save-cart', {
        bearer: token,
        json: {
          id: tirzepatide?.id,
          name: 'Tirzepatide',
          price: 224.99,
          retail_price: 349.97,
          quantity: 1,
          main_type: 1,
          subheader: 'Compound Medication',
          image: '/products/tirzepatide.svg',
          category: 'Weight',
          kku: tirzepatide?.sku,
          stripe_id: 'tirz_plan_1',
          sema_offer: '',
          tir_offer: '',
          currentGLPMed: 'Yes',
          currentDose: '5',
        },
      });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('success');
      cartId = res.body.id as string;
    });
  });

  it('GET /api/get-cart/{cart_id}: status, cartItem, userData, message', async () => {
    const res = await send('GET', `/api/get-cart/${cartId}`, { bearer: token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', message: expect.any(String) });
    expect(res.body.cartItem).toEqual([expect.objectContaining({ stripe_id: 'tirz_plan_1' })]);
  });

  it('POST /api/validate-coupon: status, coupon_id, c_val', async () => {
    const res = await send('POST', '/api/validate-coupon', {
      json: { coupon: 'WELCOME25', payment_terms: '6' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', coupon_id: expect.any(Number) });
    expect(typeof res.body.c_val).toBe('number');
  });

  it('GET /api/block-user-payment: answered', async () => {
    const res = await send('GET', '/api/block-user-payment', { bearer: token });
    expect(res.status).toBe(200);
  });

  let transactionId = '';
  it('POST /api/checkout-new with the payment payload and no coupon applied (empty couponId and couponCode)', async () => {
    const card = await send('POST', '/sandbox/v1/tokens', {
      json: { card: { number: '4242424242424242', exp_month: '04', exp_year: '2031', cvc: '123' } },
    });
    expect(card.status).toBe(200);
    const res = await send('POST', '/api/checkout-new', {
      bearer: token,
      headers: { 'Idempotency-Key': randomUUID() },
      json: {
        payment_terms: 6,
        user_id: userId,
        id: cartId,
        cardToken: card.body.id,
        amount: 134982,
        discount: 0,
        medication: 'Tirzepatide',
        drug_mode: 'Tirzepatide',
        couponCode: '',
        couponId: '',
        paymentMethod: 'card',
        cartItems: [{ id: 1, name: 'Tirzepatide', price: 224.99, quantity: 1, main_type: 1 }],
        cardDetails: { brand: 'visa', last4: '4242' },
        planId: 'default',
        cartTotal: 1349.82,
        cartTotalNoDiscount: 1349.82,
        offer: 'default',
        billingAddress: null,
        shippingAddress: {
          id: userId,
          addressLine1: '1200 Congress Ave',
          addressLine2: '',
          city: 'Austin',
          state: 'TX',
          zip: '78701',
        },
        user_agent: 'spec-client/1.0',
        ip_address: '203.0.113.7',
        tracking_session_id: 'trk-spec-1',
        phone: '5125550163',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', customerId: expect.anything() });
    expect(res.body.prescriptionPreauths).toEqual([
      expect.objectContaining({ orderId: expect.any(Number) }),
    ]);
    transactionId = res.body.transaction_id as string;
  });

  it('the after-payment calls: save-address, trust-form, bundle-selected, call-conversion', async () => {
    const address = await send('POST', '/api/save-address', {
      bearer: token,
      json: {
        id: userId,
        addressLine1: '1200 Congress Ave',
        addressLine2: '',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
      },
    });
    expect(address.status).toBe(200);
    const trust = await send('POST', '/api/trust-form', {
      bearer: token,
      json: { user_id: userId, url: 'https://cert.trustedform.com/0123456789abcdef' },
    });
    expect(trust.status).toBe(200);
    const bundle = await send('POST', '/api/bundle-selected', {
      bearer: token,
      json: { selectedMed: 'None', terms: 2 },
    });
    expect(bundle.body).toMatchObject({ status: 'success', message: expect.any(String) });
    const conversion = await send('POST', '/api/call-conversion', {
      bearer: token,
      json: {
        user_id: userId,
        user_name: 'Maria',
        product_name: 'Tirzepatide',
        amount: 1349.82,
        c_id: 'aff-123',
        payment_terms: 6,
      },
    });
    expect(conversion.body).toMatchObject({ status: 'success' });
  });

  it('the verification calls: address validate (both), ship-address, send-code, verify-code', async () => {
    const stored = await send('GET', `/api/address/validate/${userId}`, { bearer: token });
    expect(stored.status).toBe(200);
    expect(typeof (stored.body.data as Body).valid).toBe('boolean');
    const address = {
      address_line_1: '1200 Congress Ave',
      address_line_2: '',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
    };
    const typed = await send('POST', '/api/address/validate', { bearer: token, json: address });
    expect(typed.status).toBe(200);
    expect(typeof typed.body.valid).toBe('boolean');
    const ship = await send('POST', '/api/ship-address', { bearer: token, json: address });
    expect(ship.body.status).toBe('success');

    const sent = await send('POST', '/api/send-code/1', { bearer: token });
    expect(sent.status).toBe(200);
    const code = await fromMailbox('5125550163', /code is (\d{4})/);
    const verified = await send('POST', '/api/verify-code', {
      bearer: token,
      json: { type: 1, code },
    });
    expect(verified.body).toMatchObject({ status: 'success', message: expect.any(String) });
  });

  it('POST /api/update-phone with a 10-digit string, POST /api/update-email', async () => {
    const phone = await send('POST', '/api/update-phone', {
      bearer: token,
      json: { phone: '5125550164' },
    });
    expect(phone.body).toMatchObject({ status: 'success', message: expect.any(String) });
    const newEmail = `spec.client.new.${randomUUID().slice(0, 8)}@example.com`;
    const mail = await send('POST', '/api/update-email', {
      bearer: token,
      json: { email: newEmail },
    });
    expect(mail.body).toMatchObject({ status: 'success', message: expect.any(String) });
    currentEmail = newEmail;
  });

  it('the billing calls: subscription-items, transaction-items, the invoice, update-card', async () => {
    const subs = await send('GET', '/api/subscription-items', { bearer: token });
    expect(subs.body.status).toBe('success');
    expect(subs.body.subscriptions).toEqual([
      expect.objectContaining({ status: 'active', payment_terms: 6 }),
    ]);
    const transactions = await send('GET', '/api/transaction-items', { bearer: token });
    expect(transactions.body.status).toBe('success');
    expect(transactions.body.transactions).toEqual(
      expect.arrayContaining([expect.objectContaining({ transaction_id: transactionId })]),
    );
    const invoice = await send(
      'GET',
      `/api/invoice/${transactionId}?product_name=${encodeURIComponent('Tirzepatide')}`,
      { bearer: token },
    );
    expect(invoice.status).toBe(200);
    expect(invoice.type).toBe('application/pdf');

    const card = await send('POST', '/sandbox/v1/tokens', {
      json: { card: { number: '5555555555554444', exp_month: 12, exp_year: 2032, cvc: '321' } },
    });
    const updated = await send('POST', '/api/update-card', {
      bearer: token,
      json: {
        token: card.body.id,
        details: { brand: 'mastercard', last4: '4444' },
        billingAddress: {
          addressLine1: '1200 Congress Ave',
          addressLine2: '',
          city: 'Austin',
          state: 'TX',
          zip: '78701',
        },
      },
    });
    expect(updated.status).toBe(200);
  });

  it('POST /api/process-subs-payment: a subscription that is not past due is a business answer, not a malformed request', async () => {
    const subs = await send('GET', '/api/subscription-items', { bearer: token });
    const [sub] = subs.body.subscriptions as { id: number; amount: number }[];
    const card = await send('POST', '/sandbox/v1/tokens', {
      json: { card: { number: '4242424242424242', exp_month: 12, exp_year: 2032, cvc: '123' } },
    });
    const res = await send('POST', '/api/process-subs-payment', {
      bearer: token,
      headers: { 'Idempotency-Key': randomUUID() },
      json: {
        token: card.body.id,
        details: { brand: 'visa', last4: '4242' },
        billingAddress: {
          addressLine1: '1200 Congress Ave',
          addressLine2: '',
          city: 'Austin',
          state: 'TX',
          zip: '78701',
        },
        subscription_id: String(sub?.id),
        amount: sub?.amount,
      },
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ status: 'error', message: expect.any(String) });
  });

  it('POST /api/cancle-subs with the fixed placeholder values the page sends', async () => {
    const subs = await send('GET', '/api/subscription-items', { bearer: token });
    const [sub] = subs.body.subscriptions as { id: number }[];
    const res = await send('POST', '/api/cancle-subs', {
      bearer: token,
      json: { reason: 'test', reccomend: 'test', subs_id: String(sub?.id) },
    });
    expect(res.body).toMatchObject({ status: 'success', message: expect.any(String) });
  });

  it('GET /forms/add-disqualify: answered (the page calls it after its BMI check; response not shown)', async () => {
    const res = await send('GET', '/forms/add-disqualify', { bearer: token });
    expect(res.status).toBe(200);
  });

  it('login, forgot password (app_src 2), password reset and logout', async () => {
    const sent = await send('POST', '/api/forgot-password', {
      json: { email: currentEmail, app_src: 2 },
    });
    expect(sent.body.status).toBe('success');
    const resetToken = await fromMailbox(currentEmail, /\/password-reset\/([A-Za-z0-9_-]+)/);
    const reset = await send('POST', '/api/password-reset', {
      json: { password: 'a-strong-password-1', token: resetToken },
    });
    expect(reset.body.status).toBe('success');

    const login = await send('POST', '/api/login', {
      json: { email: currentEmail, password: 'a-strong-password-1' },
    });
    expect(login.body).toMatchObject({ status: 'success', message: expect.any(String) });
    const session = login.body.token as string;
    const out = await send('GET', '/api/logout', { bearer: session });
    expect(out.status).toBe(200);
    expect((await send('GET', '/api/subscription-items', { bearer: session })).status).toBe(401);
  });
});
