/**
 * The Stripe adapter against a small local HTTP server answering as Stripe's API does (its JSON
 * objects and error bodies, status codes 200/402/400/409/500): what is sent for each kind of
 * charge and for saving a card, how a succeeded PaymentIntent becomes a charge and an attached
 * PaymentMethod a saved card, how card errors (on a charge or an attach) become declines (with
 * the card's fingerprint) and request errors a ProcessorRequestError, and that the rest is
 * rethrown. stripe-processor.infra.test.ts checks the same requests against stripe-mock.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { ProcessorRequestError } from '../card-processor';
import { StripeProcessor, toDeclineCode } from './stripe-processor';

interface Recorded {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  params: Record<string, string>;
}

type Answer = { status: number; body: unknown };
type Responder = (req: Recorded) => Answer;

const card = { brand: 'visa', last4: '4242', fingerprint: 'fp_visa_4242' };

const paymentMethod = (id = 'pm_from_token') => ({
  id,
  object: 'payment_method',
  type: 'card',
  card: { ...card, exp_month: 12, exp_year: 2034 },
  customer: null,
});

const succeededIntent = (params: Record<string, string>) => ({
  id: 'pi_test_1',
  object: 'payment_intent',
  amount: Number(params.amount),
  currency: params.currency,
  status: 'succeeded',
  customer: params.customer ?? null,
  payment_method: params.payment_method,
  last_payment_error: null,
  latest_charge: {
    id: 'ch_test_1',
    object: 'charge',
    amount: Number(params.amount),
    status: 'succeeded',
    payment_method_details: { type: 'card', card: { ...card, brand: 'mastercard', last4: '4444' } },
  },
});

const stripeError = (status: number, error: Record<string, unknown>): Answer => ({
  status,
  body: { error },
});

const attachedMethod = (params: Record<string, string>): Answer => ({
  status: 200,
  body: { ...paymentMethod(), customer: params.customer },
});

/**
 * Answers like Stripe: a PaymentMethod for a token (attached to a customer on request), a
 * Customer, a PaymentIntent, a Refund.
 */
const stripeLike =
  (
    intent: (params: Record<string, string>) => Answer,
    attach: (params: Record<string, string>) => Answer = attachedMethod,
  ): Responder =>
  ({ path, params }) => {
    if (path === '/v1/payment_methods') return { status: 200, body: paymentMethod() };
    if (path === '/v1/payment_methods/pm_from_token/attach') return attach(params);
    if (path === '/v1/customers')
      return { status: 200, body: { id: 'cus_new', object: 'customer' } };
    if (path === '/v1/payment_intents') return intent(params);
    if (path === '/v1/refunds')
      return {
        status: 200,
        body: {
          id: 're_test_1',
          object: 'refund',
          amount: 24997,
          charge: params.charge ?? 'ch_of_pi',
          status: 'succeeded',
        },
      };
    return stripeError(404, { type: 'invalid_request_error', message: `Unrecognized ${path}` });
  };

describe('StripeProcessor', () => {
  let server: Server;
  let base: string;
  let requests: Recorded[] = [];
  let respond: Responder = stripeLike((params) => ({
    status: 200,
    body: succeededIntent(params),
  }));

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const recorded: Recorded = {
          method: req.method ?? '',
          path: (req.url ?? '').split('?')[0] ?? '',
          idempotencyKey: req.headers['idempotency-key'] as string | undefined,
          params: Object.fromEntries(new URLSearchParams(body)),
        };
        requests.push(recorded);
        const answer = respond(recorded);
        res.writeHead(answer.status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    requests = [];
    respond = stripeLike((params) => ({ status: 200, body: succeededIntent(params) }));
  });

  const processor = () => new StripeProcessor({ secretKey: 'sk_test_123', apiBase: base });

  it('charges a token: a PaymentMethod from it, then a confirmed PaymentIntent in usd cents', async () => {
    const result = await processor().charge({
      amountCents: 134982,
      source: 'tok_visa',
      description: 'first month',
      idempotencyKey: 'order-1',
    });
    expect(requests.map((r) => [r.method, r.path, r.idempotencyKey])).toEqual([
      ['POST', '/v1/payment_methods', 'charge:order-1:payment_method'],
      ['POST', '/v1/payment_intents', 'charge:order-1'],
    ]);
    expect(requests[0]!.params).toEqual({ type: 'card', 'card[token]': 'tok_visa' });
    expect(requests[1]!.params).toEqual({
      amount: '134982',
      currency: 'usd',
      confirm: 'true',
      'automatic_payment_methods[enabled]': 'true',
      'automatic_payment_methods[allow_redirects]': 'never',
      payment_method: 'pm_from_token',
      description: 'first month',
      'expand[0]': 'latest_charge',
    });
    expect(result).toEqual({
      status: 'succeeded',
      chargeId: 'ch_test_1',
      amountCents: 134982,
      customerId: null,
      // A one-off card is not saved, so there is no method to charge again.
      paymentMethodId: null,
      card: { brand: 'mastercard', last4: '4444' },
      cardFingerprint: 'fp_visa_4242',
    });
  });

  it("reads a token's or a payment method's card fingerprint without charging; null when unknown", async () => {
    respond = ({ method, path }) => {
      if (method === 'GET' && path === '/v1/tokens/tok_visa')
        return {
          status: 200,
          body: { id: 'tok_visa', object: 'token', type: 'card', used: false, card },
        };
      if (method === 'GET' && path === '/v1/payment_methods/pm_wallet')
        return { status: 200, body: paymentMethod('pm_wallet') };
      return stripeError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such token: '${path}'`,
      });
    };
    expect(await processor().cardFingerprint('tok_visa')).toBe('fp_visa_4242');
    expect(await processor().cardFingerprint('pm_wallet')).toBe('fp_visa_4242');
    expect(await processor().cardFingerprint('tok_gone')).toBeNull();
    expect(await processor().cardFingerprint('src_other')).toBeNull();
    // Reads only: nothing created, nothing charged.
    expect(requests.map((r) => [r.method, r.path])).toEqual([
      ['GET', '/v1/tokens/tok_visa'],
      ['GET', '/v1/payment_methods/pm_wallet'],
      ['GET', '/v1/tokens/tok_gone'],
    ]);
  });

  it('saves the card on a new customer when asked to', async () => {
    const result = await processor().charge({
      amountCents: 24997,
      source: 'tok_visa',
      saveCard: true,
      description: 'plan',
      idempotencyKey: 'order-2',
    });
    expect(requests.map((r) => [r.path, r.idempotencyKey])).toEqual([
      ['/v1/customers', 'charge:order-2:customer'],
      ['/v1/payment_methods', 'charge:order-2:payment_method'],
      ['/v1/payment_intents', 'charge:order-2'],
    ]);
    expect(requests[2]!.params).toMatchObject({
      customer: 'cus_new',
      setup_future_usage: 'off_session',
    });
    expect(requests[2]!.params).not.toHaveProperty('off_session');
    expect(result).toMatchObject({
      status: 'succeeded',
      customerId: 'cus_new',
      paymentMethodId: 'pm_from_token',
    });
  });

  it('saves the card on the given customer without creating one', async () => {
    await processor().charge({
      amountCents: 24997,
      source: 'tok_visa',
      customerId: 'cus_known',
      saveCard: true,
      description: 'plan',
      idempotencyKey: 'order-3',
    });
    expect(requests.map((r) => r.path)).toEqual(['/v1/payment_methods', '/v1/payment_intents']);
    expect(requests[1]!.params).toMatchObject({
      customer: 'cus_known',
      setup_future_usage: 'off_session',
    });
  });

  it('charges a saved card off-session, with no token step', async () => {
    const result = await processor().charge({
      amountCents: 34997,
      source: 'pm_saved',
      customerId: 'cus_known',
      description: 'renewal',
      idempotencyKey: 'renewal-1',
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.params).toMatchObject({
      amount: '34997',
      payment_method: 'pm_saved',
      customer: 'cus_known',
      off_session: 'true',
    });
    expect(requests[0]!.params).not.toHaveProperty('setup_future_usage');
    expect(result).toMatchObject({
      status: 'succeeded',
      amountCents: 34997,
      customerId: 'cus_known',
      paymentMethodId: 'pm_saved',
    });
  });

  it('sends the same idempotency keys again when a charge is retried', async () => {
    const request = {
      amountCents: 5000,
      source: 'tok_visa',
      saveCard: true,
      description: 'x',
      idempotencyKey: 'retry-me',
    };
    const first = await processor().charge(request);
    const keys = requests.map((r) => r.idempotencyKey);
    requests = [];
    expect(await processor().charge(request)).toEqual(first);
    expect(requests.map((r) => r.idempotencyKey)).toEqual(keys);
  });

  it.each([
    ['generic_decline', 'card_declined', 'generic_decline'],
    ['insufficient_funds', 'card_declined', 'insufficient_funds'],
    ['lost_card', 'card_declined', 'lost_card'],
    ['stolen_card', 'card_declined', 'stolen_card'],
    ['pickup_card', 'card_declined', 'pickup_card'],
    ['expired_card', 'expired_card', 'expired_card'],
    [undefined, 'incorrect_cvc', 'incorrect_cvc'],
    [undefined, 'processing_error', 'processing_error'],
    ['do_not_honor', 'card_declined', 'card_declined'],
    [undefined, 'authentication_required', 'generic_decline'],
  ])(
    'answers a 402 card error (decline_code %s, code %s) as a %s decline with the card fingerprint',
    async (declineCode, code, expected) => {
      respond = stripeLike(() =>
        stripeError(402, {
          type: 'card_error',
          code,
          decline_code: declineCode,
          message: 'Your card was declined.',
          payment_intent: {
            id: 'pi_declined',
            object: 'payment_intent',
            status: 'requires_payment_method',
          },
          payment_method: paymentMethod('pm_declined'),
        }),
      );
      const result = await processor().charge({
        amountCents: 5000,
        source: 'tok_chargeDeclined',
        description: 'x',
        idempotencyKey: `decline-${String(declineCode)}-${code}`,
      });
      expect(result).toEqual({
        status: 'declined',
        code: expected,
        message: 'Your card was declined.',
        cardFingerprint: 'fp_visa_4242',
      });
    },
  );

  it('answers a PaymentIntent left needing authentication as a decline, charging nothing', async () => {
    respond = stripeLike((params) => ({
      status: 200,
      body: { ...succeededIntent(params), status: 'requires_action', latest_charge: null },
    }));
    const result = await processor().charge({
      amountCents: 5000,
      source: 'tok_threeDSecure2Required',
      description: 'x',
      idempotencyKey: '3ds',
    });
    expect(result).toMatchObject({
      status: 'declined',
      code: 'generic_decline',
      cardFingerprint: 'fp_visa_4242',
    });
  });

  it.each([
    ['token_already_used', 'You cannot use a Stripe token more than once: tok_visa.'],
    ['resource_missing', "No such token: 'tok_nope'"],
    ['amount_too_small', 'Amount must be at least $0.50 usd'],
  ])('throws a ProcessorRequestError %s for a refused request', async (code, message) => {
    respond = stripeLike(() => stripeError(400, { type: 'invalid_request_error', code, message }));
    const charge = processor().charge({
      amountCents: 10,
      source: 'pm_x',
      description: 'x',
      idempotencyKey: `refused-${code}`,
    });
    await expect(charge).rejects.toBeInstanceOf(ProcessorRequestError);
    await expect(charge).rejects.toMatchObject({ code, message });
  });

  it.each([
    [
      'reused with other parameters (400)',
      400,
      {
        type: 'idempotency_error',
        message:
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
      },
    ],
    [
      'still in use by a concurrent request (409)',
      409,
      {
        type: 'invalid_request_error',
        code: 'idempotency_key_in_use',
        message: 'There is currently another in-progress request using this Idempotent Key.',
      },
    ],
  ])('throws idempotency_key_in_use for a key %s', async (_what, status, error) => {
    respond = stripeLike(() => stripeError(status, error));
    await expect(
      processor().charge({
        amountCents: 999,
        source: 'pm_x',
        description: 'x',
        idempotencyKey: 'k',
      }),
    ).rejects.toMatchObject({ name: 'ProcessorRequestError', code: 'idempotency_key_in_use' });
  });

  it('rethrows what is not about the request: Stripe failing, a bad key, no connection', async () => {
    const charge = (p = processor()) =>
      p.charge({ amountCents: 5000, source: 'pm_x', description: 'x', idempotencyKey: 'api' });

    respond = () =>
      stripeError(500, { type: 'api_error', message: 'Something went wrong on our end.' });
    await expect(charge()).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
    // Retried (the key makes it safe), then given up.
    expect(requests.length).toBeGreaterThan(1);

    respond = () => stripeError(401, { type: 'invalid_request_error', message: 'Invalid API Key' });
    await expect(charge()).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const offline = new StripeProcessor({
      secretKey: 'sk_test_123',
      apiBase: `http://127.0.0.1:${port}`,
    });
    await expect(charge(offline)).rejects.toBeInstanceOf(Stripe.errors.StripeConnectionError);
  });

  it('saves a card on a new customer: a Customer, a PaymentMethod from the token, attached', async () => {
    const result = await processor().saveCard({
      source: 'tok_visa',
      customerId: null,
      idempotencyKey: 'update-1',
    });
    expect(requests.map((r) => [r.method, r.path, r.idempotencyKey])).toEqual([
      ['POST', '/v1/customers', 'save-card:update-1:customer'],
      ['POST', '/v1/payment_methods', 'save-card:update-1:payment_method'],
      ['POST', '/v1/payment_methods/pm_from_token/attach', 'save-card:update-1:attach'],
    ]);
    expect(requests[1]!.params).toEqual({ type: 'card', 'card[token]': 'tok_visa' });
    expect(requests[2]!.params).toEqual({ customer: 'cus_new' });
    expect(result).toEqual({
      status: 'saved',
      customerId: 'cus_new',
      paymentMethodId: 'pm_from_token',
      card: { brand: 'visa', last4: '4242' },
      cardFingerprint: 'fp_visa_4242',
    });
  });

  it('saves a card on the given customer without creating one, and charges nothing', async () => {
    const result = await processor().saveCard({
      source: 'tok_visa',
      customerId: 'cus_known',
      idempotencyKey: 'update-2',
    });
    expect(requests.map((r) => r.path)).toEqual([
      '/v1/payment_methods',
      '/v1/payment_methods/pm_from_token/attach',
    ]);
    expect(requests[1]!.params).toEqual({ customer: 'cus_known' });
    expect(result).toMatchObject({ status: 'saved', customerId: 'cus_known' });
  });

  it('sends the same idempotency keys again when a save is retried', async () => {
    const request = { source: 'tok_visa', customerId: null, idempotencyKey: 'retry-save' };
    const first = await processor().saveCard(request);
    const keys = requests.map((r) => r.idempotencyKey);
    requests = [];
    expect(await processor().saveCard(request)).toEqual(first);
    expect(requests.map((r) => r.idempotencyKey)).toEqual(keys);
  });

  it.each([
    ['generic_decline', 'card_declined', 'generic_decline'],
    ['insufficient_funds', 'card_declined', 'insufficient_funds'],
    ['lost_card', 'card_declined', 'lost_card'],
    ['stolen_card', 'card_declined', 'stolen_card'],
    ['expired_card', 'expired_card', 'expired_card'],
    [undefined, 'incorrect_cvc', 'incorrect_cvc'],
    [undefined, 'processing_error', 'processing_error'],
  ])(
    'answers a 402 card error on attach (decline_code %s, code %s) as a %s decline with the card fingerprint',
    async (declineCode, code, expected) => {
      // Stripe asks the issuer on attach; its error names no PaymentMethod, the created one does.
      respond = stripeLike(
        () => stripeError(500, { type: 'api_error', message: 'no charge expected' }),
        () =>
          stripeError(402, {
            type: 'card_error',
            code,
            decline_code: declineCode,
            message: 'Your card was declined.',
          }),
      );
      const result = await processor().saveCard({
        source: 'tok_chargeDeclined',
        customerId: 'cus_known',
        idempotencyKey: `save-decline-${String(declineCode)}-${code}`,
      });
      expect(result).toEqual({
        status: 'declined',
        code: expected,
        message: 'Your card was declined.',
        cardFingerprint: 'fp_visa_4242',
      });
      expect(requests.map((r) => r.path)).not.toContain('/v1/payment_intents');
    },
  );

  it.each([
    [
      '/v1/payment_methods',
      'token_already_used',
      'You cannot use a Stripe token more than once: tok_visa.',
    ],
    [
      '/v1/payment_methods/pm_from_token/attach',
      'resource_missing',
      "No such customer: 'cus_gone'",
    ],
  ])(
    'throws a ProcessorRequestError when %s refuses the save with %s',
    async (at, code, message) => {
      const stripe = respond;
      respond = (req) =>
        req.path === at
          ? stripeError(400, { type: 'invalid_request_error', code, message })
          : stripe(req);
      const save = processor().saveCard({
        source: 'tok_visa',
        customerId: 'cus_gone',
        idempotencyKey: `save-refused-${code}`,
      });
      await expect(save).rejects.toBeInstanceOf(ProcessorRequestError);
      await expect(save).rejects.toMatchObject({ code, message });
    },
  );

  it('refunds a charge or a PaymentIntent in full with the key', async () => {
    expect(await processor().refund('ch_test_1', 'refund-1')).toEqual({
      refundId: 're_test_1',
      chargeId: 'ch_test_1',
      amountCents: 24997,
    });
    await processor().refund('pi_test_1', 'refund-2');
    expect(requests.map((r) => [r.path, r.idempotencyKey, r.params])).toEqual([
      ['/v1/refunds', 'refund:refund-1', { charge: 'ch_test_1' }],
      ['/v1/refunds', 'refund:refund-2', { payment_intent: 'pi_test_1' }],
    ]);
  });

  it('throws charge_already_refunded as a ProcessorRequestError', async () => {
    respond = () =>
      stripeError(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: 'Charge ch_test_1 has already been refunded.',
      });
    await expect(processor().refund('ch_test_1', 'again')).rejects.toMatchObject({
      name: 'ProcessorRequestError',
      code: 'charge_already_refunded',
    });
  });

  it('maps decline codes it does not know to a generic decline', () => {
    expect(toDeclineCode('fraudulent', 'card_declined')).toBe('card_declined');
    expect(toDeclineCode(undefined, undefined)).toBe('generic_decline');
  });

  it('refuses an apiBase it cannot honour', () => {
    expect(() => new StripeProcessor({ secretKey: 'sk_test_1', apiBase: 'ftp://x' })).toThrow(
      /http/,
    );
    expect(
      () => new StripeProcessor({ secretKey: 'sk_test_1', apiBase: 'http://127.0.0.1:1/v1' }),
    ).toThrow(/path/);
  });
});
