/**
 * The inputs issue 13 found answering 500, sent through the whole product: each now gets 400
 * naming the field and changes nothing. And the links a new patient is emailed point at the
 * address the product actually serves when PUBLIC_URL is not set.
 */
import { randomUUID } from 'node:crypto';
import { loadConfig } from '@clinic/kit';
import { eventually, silentLogger } from '@clinic/kit/testing';
import { gatewayConfigSchema } from './config';
import { startSingleNode, type RunningProduct } from './single-node';
import { call, quizAnswers } from './testing/patient-journey';
import { productBootMs } from './testing/product-boot';

describe('the whole product, as issue 13 attacked it', () => {
  let product: RunningProduct;
  let token = '';

  beforeAll(async () => {
    // No PUBLIC_URL and a port chosen by the system: links must still reach this process.
    const config = loadConfig(gatewayConfigSchema, {
      PORT: '0',
      DATA_DIR: ':memory:',
      NODE_ENV: 'test',
    });
    product = await startSingleNode(config, { logger: silentLogger });
    const email = `hardening.${randomUUID().slice(0, 8)}@example.com`;
    const intake = await call(product.url, 'POST', '/api/intake-form', {
      json: quizAnswers(email),
    });
    expect(intake.body.status).toBe('success');
    token = intake.body.token as string;
  }, productBootMs);
  afterAll(async () => product.close());

  const nul = 'a\u0000b';
  it.each<[string, 'GET' | 'POST', string, unknown, string]>([
    ['login', 'POST', '/api/login', { email: nul, password: 'x' }, 'email'],
    ['forgot-password', 'POST', '/api/forgot-password', { email: nul }, 'email'],
    [
      'save-address',
      'POST',
      '/api/save-address',
      { addressLine1: nul, city: 'Austin', state: 'TX', zip: '78701' },
      'addressLine1',
    ],
    [
      'validate-coupon',
      'POST',
      '/api/validate-coupon',
      { coupon: nul, payment_terms: 6 },
      'coupon',
    ],
    ['trust-form', 'POST', '/api/trust-form', { url: `https://x.example/${nul}` }, 'url'],
    [
      'intake-form',
      'POST',
      '/api/intake-form',
      { ...quizAnswers('n@example.com'), last_name: nul },
      'last_name',
    ],
    ['invoice', 'GET', '/api/invoice/a%00b', undefined, 'transaction_id'],
    ['save-cart', 'POST', '/forms/save-cart', { id: 2147483648 }, 'id'],
    ['cancle-subs', 'POST', '/api/cancle-subs', { subs_id: 2 ** 40 }, 'subs_id'],
    [
      'process-subs-payment',
      'POST',
      '/api/process-subs-payment',
      {
        token: 'tok_x',
        billingAddress: { addressLine1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
        subscription_id: 2 ** 40,
        amount: 10,
      },
      'subscription_id',
    ],
  ])('%s: 400 naming the field, never 500', async (_name, method, path, json, field) => {
    const res = await fetch(product.url + path, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'idempotency-key': randomUUID(),
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain(field);
  });

  it('answers checkout-new with a NUL byte in a string 400 and charges nothing', async () => {
    const res = await fetch(`${product.url}/api/checkout-new`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({
        payment_terms: 6,
        id: randomUUID(),
        cardToken: nul,
        amount: 134982,
        shippingAddress: { addressLine1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
      }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain('cardToken');
  });

  it('emails set-password links at the address it serves', async () => {
    const email = `links.${randomUUID().slice(0, 8)}@example.com`;
    await call(product.url, 'POST', '/api/intake-form', { json: quizAnswers(email) });
    await eventually(async () => {
      const inbox = await call(
        product.url,
        'GET',
        `/dev/mailbox/api/messages?to=${encodeURIComponent(email)}`,
      );
      const [welcome] = inbox.body.messages as { body: string }[];
      expect(welcome?.body).toContain(`${product.url}/password-reset/`);
    });
  });
});
