/**
 * The Stripe adapter against stripe-mock, Stripe's own mock of its API (infra/local/up.sh starts
 * it; STRIPE_MOCK_URL says where). stripe-mock validates every request against Stripe's OpenAPI
 * spec and answers fixtures, statelessly: it cannot decline a card or remember a key, so this
 * checks what it can show. A recording proxy in front of it shows what the adapter sent: the
 * calls and their parameters (amount in cents, usd, customer and setup_future_usage when saving,
 * the attach of a card saved without a charge), an Idempotency-Key on every call, and that
 * stripe-mock accepted each one; and how its answers (Stripe's real object shapes) become a
 * ChargeResult, SaveCardResult or RefundResult, or an error.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { ProcessorRequestError } from '../card-processor';
import { StripeProcessor } from './stripe-processor';

interface Exchange {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  params: Record<string, string>;
  status: number;
  answer: Record<string, unknown>;
}

const hopByHop = new Set([
  'host',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);

function stripeMockUrl(): string {
  const url = process.env.STRIPE_MOCK_URL;
  if (!url)
    throw new Error(
      'STRIPE_MOCK_URL is not set: start stripe-mock with `eval "$(infra/local/up.sh --env)"` before `npm run test:infra`',
    );
  return url;
}

describe('StripeProcessor on stripe-mock', () => {
  let proxy: Server;
  let proxyUrl: string;
  let exchanges: Exchange[] = [];
  /** stripe-mock's PaymentIntent fixture never succeeds; this lets a test see a success's mapping. */
  let succeedIntents = false;

  beforeAll(async () => {
    const target = stripeMockUrl();
    proxy = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers))
          if (typeof value === 'string' && !hopByHop.has(name)) headers.set(name, value);
        void fetch(new URL(req.url ?? '/', target), {
          method: req.method,
          headers,
          body: req.method === 'GET' ? undefined : body,
        })
          .then(async (upstream) => {
            const answer = (await upstream.json()) as Record<string, unknown>;
            const path = (req.url ?? '').split('?')[0] ?? '';
            if (succeedIntents && path === '/v1/payment_intents' && upstream.ok)
              answer.status = 'succeeded';
            exchanges.push({
              method: req.method ?? '',
              path,
              idempotencyKey: req.headers['idempotency-key'] as string | undefined,
              params: Object.fromEntries(new URLSearchParams(body.toString())),
              status: upstream.status,
              answer,
            });
            res.writeHead(upstream.status, { 'Content-Type': 'application/json' });
            res.end(JSON.stringify(answer));
          })
          .catch((err: unknown) => {
            res.writeHead(502);
            res.end(String(err));
          });
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    if (proxy) await new Promise<void>((resolve) => proxy.close(() => resolve()));
  });
  beforeEach(() => {
    exchanges = [];
    succeedIntents = false;
  });

  const processor = (secretKey = 'sk_test_123') =>
    new StripeProcessor({ secretKey, apiBase: proxyUrl });
  const calls = () => exchanges.map((e) => [e.method, e.path, e.status, e.idempotencyKey]);

  it('charges a token with spec-valid calls, each with its idempotency key', async () => {
    const result = await processor().charge({
      amountCents: 134982,
      source: 'tok_visa',
      description: 'GLP-1 plan, first month',
      idempotencyKey: 'order-1',
    });
    expect(calls()).toEqual([
      ['POST', '/v1/payment_methods', 200, 'charge:order-1:payment_method'],
      ['POST', '/v1/payment_intents', 200, 'charge:order-1'],
    ]);
    const [method, intent] = exchanges;
    expect(method!.params).toEqual({ type: 'card', 'card[token]': 'tok_visa' });
    expect(intent!.params).toMatchObject({
      amount: '134982',
      currency: 'usd',
      confirm: 'true',
      payment_method: method!.answer.id,
      description: 'GLP-1 plan, first month',
    });
    expect(intent!.params).not.toHaveProperty('customer');
    // stripe-mock echoes the request into its fixture...
    expect(intent!.answer).toMatchObject({ amount: 134982, currency: 'usd' });
    // ...whose status is requires_payment_method: nothing was charged, which is a decline.
    expect(intent!.answer.status).toBe('requires_payment_method');
    expect(result).toEqual({
      status: 'declined',
      code: 'generic_decline',
      message: expect.any(String),
      cardFingerprint: (method!.answer.card as { fingerprint: string }).fingerprint,
    });
  });

  it('maps a succeeded PaymentIntent, in Stripe’s shape, to a charge', async () => {
    succeedIntents = true;
    const result = await processor().charge({
      amountCents: 24997,
      source: 'tok_visa',
      description: 'plan',
      idempotencyKey: 'order-2',
    });
    const intent = exchanges.find((e) => e.path === '/v1/payment_intents')!.answer;
    const charge = intent.latest_charge as {
      id: string;
      payment_method_details: { card: { brand: string; last4: string; fingerprint: string } };
    };
    expect(charge.id).toMatch(/^ch_/);
    expect(result).toEqual({
      status: 'succeeded',
      chargeId: charge.id,
      amountCents: 24997,
      customerId: null,
      paymentMethodId: null,
      card: {
        brand: charge.payment_method_details.card.brand,
        last4: charge.payment_method_details.card.last4,
      },
      cardFingerprint: charge.payment_method_details.card.fingerprint,
    });
  });

  it('creates a customer first and saves the card on it when asked to', async () => {
    succeedIntents = true;
    const result = await processor().charge({
      amountCents: 24997,
      source: 'tok_visa',
      saveCard: true,
      description: 'plan',
      idempotencyKey: 'order-3',
    });
    expect(calls()).toEqual([
      ['POST', '/v1/customers', 200, 'charge:order-3:customer'],
      ['POST', '/v1/payment_methods', 200, 'charge:order-3:payment_method'],
      ['POST', '/v1/payment_intents', 200, 'charge:order-3'],
    ]);
    const [customer, method, intent] = exchanges;
    expect(intent!.params).toMatchObject({
      customer: customer!.answer.id,
      payment_method: method!.answer.id,
      setup_future_usage: 'off_session',
    });
    expect(result).toMatchObject({
      status: 'succeeded',
      customerId: customer!.answer.id,
      paymentMethodId: method!.answer.id,
    });
  });

  it('charges a saved card off-session', async () => {
    succeedIntents = true;
    const result = await processor().charge({
      amountCents: 34997,
      source: 'pm_1SavedCard',
      customerId: 'cus_1Saved',
      description: 'renewal',
      idempotencyKey: 'renewal-1',
    });
    expect(calls()).toEqual([['POST', '/v1/payment_intents', 200, 'charge:renewal-1']]);
    expect(exchanges[0]!.params).toMatchObject({
      amount: '34997',
      payment_method: 'pm_1SavedCard',
      customer: 'cus_1Saved',
      off_session: 'true',
    });
    expect(result).toMatchObject({
      status: 'succeeded',
      amountCents: 34997,
      customerId: 'cus_1Saved',
      paymentMethodId: 'pm_1SavedCard',
    });
  });

  it('saves a card without a charge: a Customer, a PaymentMethod from the token, attached', async () => {
    const result = await processor().saveCard({
      source: 'tok_visa',
      customerId: null,
      idempotencyKey: 'update-card-1',
    });
    const [customer, method, attach] = exchanges;
    expect(calls()).toEqual([
      ['POST', '/v1/customers', 200, 'save-card:update-card-1:customer'],
      ['POST', '/v1/payment_methods', 200, 'save-card:update-card-1:payment_method'],
      [
        'POST',
        `/v1/payment_methods/${String(method!.answer.id)}/attach`,
        200,
        'save-card:update-card-1:attach',
      ],
    ]);
    expect(method!.params).toEqual({ type: 'card', 'card[token]': 'tok_visa' });
    expect(attach!.params).toEqual({ customer: customer!.answer.id });
    const card = attach!.answer.card as { brand: string; last4: string; fingerprint: string };
    expect(result).toEqual({
      status: 'saved',
      customerId: customer!.answer.id,
      paymentMethodId: attach!.answer.id,
      card: { brand: card.brand, last4: card.last4 },
      cardFingerprint: card.fingerprint,
    });
  });

  it('saves a card on a given customer without creating one', async () => {
    const result = await processor().saveCard({
      source: 'tok_visa',
      customerId: 'cus_1Known',
      idempotencyKey: 'update-card-2',
    });
    expect(exchanges.map((e) => e.path)).toEqual([
      '/v1/payment_methods',
      `/v1/payment_methods/${String(exchanges[0]!.answer.id)}/attach`,
    ]);
    expect(exchanges[1]!.params).toEqual({ customer: 'cus_1Known' });
    expect(result).toMatchObject({ status: 'saved', customerId: 'cus_1Known' });
  });

  it('refunds a charge, and a PaymentIntent, with the key', async () => {
    const refund = await processor().refund('ch_1Paid', 'refund-1');
    expect(calls()).toEqual([['POST', '/v1/refunds', 200, 'refund:refund-1']]);
    expect(exchanges[0]!.params).toEqual({ charge: 'ch_1Paid' });
    expect(refund).toEqual({
      refundId: exchanges[0]!.answer.id,
      chargeId: 'ch_1Paid',
      amountCents: exchanges[0]!.answer.amount,
    });
    expect(refund.refundId).toMatch(/^re_/);

    await processor().refund('pi_1Paid', 'refund-2');
    expect(exchanges[1]!.params).toEqual({ payment_intent: 'pi_1Paid' });
  });

  it('throws a ProcessorRequestError for a request Stripe’s spec refuses', async () => {
    const charge = processor().charge({
      amountCents: 49.5,
      source: 'pm_1SavedCard',
      customerId: 'cus_1Saved',
      description: 'x',
      idempotencyKey: 'bad-amount',
    });
    await expect(charge).rejects.toBeInstanceOf(ProcessorRequestError);
    await expect(charge).rejects.toMatchObject({ message: expect.stringMatching(/amount/) });
    expect(exchanges[0]!.status).toBe(400);
  });

  it('rethrows an authentication failure as it is', async () => {
    await expect(
      processor('not-a-key').charge({
        amountCents: 5000,
        source: 'pm_1SavedCard',
        customerId: 'cus_1Saved',
        description: 'x',
        idempotencyKey: 'bad-key',
      }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });
});
