import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { baseConfigSchema, ConfigError, loadConfig, ManualClock } from '@clinic/kit';
import { startServiceForTest, type ServiceUnderTest } from '@clinic/kit/testing';
import { checkoutService } from './app';
import { checkoutConfigFields, checkoutDepsFromConfig } from './config';
import { carts, orders, transactions } from './db/schema';
import { StripeProcessor } from './payments/stripe/stripe-processor';

describe('checkout configured for Stripe', () => {
  const clock = new ManualClock(new Date());
  const webhookSecret = 'whsec_config_test_secret';
  let service: ServiceUnderTest;
  beforeAll(async () => {
    service = await startServiceForTest(
      checkoutService,
      checkoutDepsFromConfig({
        NODE_ENV: 'production',
        STRIPE_SECRET_KEY: 'sk_test_config',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_config',
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_API_BASE: 'http://127.0.0.1:9',
      }),
      { clock },
    );
  });
  afterAll(async () => service.close());

  it('keeps the sandbox when no Stripe key is set', () => {
    expect(checkoutDepsFromConfig({ NODE_ENV: 'production' }).processor).toBeUndefined();
  });

  it('tells the browser to use Stripe Elements with the publishable key, and hides the sandbox', async () => {
    expect((await request(service.app).get('/api/payment-config')).body).toEqual({
      processor: 'stripe',
      publishableKey: 'pk_test_config',
      environment: 'production',
    });
    const tokens = await request(service.app)
      .post('/sandbox/v1/tokens')
      .send({ card: { number: '4242424242424242', exp_month: 1, exp_year: 2031, cvc: '123' } });
    expect(tokens.status).toBe(404);
  });

  it("marks a transaction refunded when Stripe's signed charge.refunded arrives", async () => {
    const db = service.engines.database.db;
    const cartId = '00000000-0000-4000-8000-000000000001';
    await db.insert(carts).values({
      id: cartId,
      semaOffer: 'default',
      tirOffer: 'default',
      currentGlpMed: 'No',
      currentDose: '',
      createdAt: sql`now()`,
    });
    const [order] = await db
      .insert(orders)
      .values({
        cartId,
        status: 'pending_approval',
        productId: 1,
        planId: 'tirz_plan_1',
        paymentTerms: 6,
        amountCents: 134982,
        discountCents: 0,
        shippingAddress: sql`'{}'::jsonb`,
        createdAt: sql`now()`,
      })
      .returning({ id: orders.id });
    await db.insert(transactions).values({
      transactionId: 'pi_config_1',
      orderId: order!.id,
      kind: 'checkout',
      amountCents: 134982,
      status: 'success',
      productName: 'Tirzepatide',
      idempotencyKey: 'k-config-1',
      createdAt: sql`now()`,
    });
    const payload = JSON.stringify({
      id: 'evt_config_1',
      object: 'event',
      type: 'charge.refunded',
      data: { object: { id: 'ch_config_1', object: 'charge', payment_intent: 'pi_config_1' } },
    });
    const signature = new StripeProcessor({
      secretKey: 'sk_test_x',
    }).client.webhooks.generateTestHeaderString({
      payload,
      secret: webhookSecret,
      timestamp: Math.floor(clock.now().getTime() / 1000),
    });
    const res = await request(service.app)
      .post('/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', signature)
      .send(payload);
    expect(res.status).toBe(200);
    const [row] = await db
      .select({ status: transactions.status })
      .from(transactions)
      .where(eq(transactions.transactionId, 'pi_config_1'));
    expect(row).toEqual({ status: 'refunded' });
  });
});

describe('checkout outside production', () => {
  let service: ServiceUnderTest;
  beforeAll(async () => {
    service = await startServiceForTest(
      checkoutService,
      checkoutDepsFromConfig({ NODE_ENV: 'test' }),
      {
        clock: new ManualClock(new Date()),
      },
    );
  });
  afterAll(async () => service.close());

  it('tells the payment page it is not production, so the sandbox may say so', async () => {
    expect((await request(service.app).get('/api/payment-config')).body).toEqual({
      processor: 'sandbox',
      publishableKey: null,
      environment: 'development',
    });
  });

  it('reads NODE_ENV: only production is production', () => {
    expect(checkoutDepsFromConfig({ NODE_ENV: 'production' }).environment).toBe('production');
    expect(checkoutDepsFromConfig({ NODE_ENV: 'development' }).environment).toBe('development');
    expect(checkoutDepsFromConfig({ NODE_ENV: 'test' }).environment).toBe('development');
  });
});

describe("the clinic's name, address and EIN on its invoices and HSA/FSA receipts", () => {
  const schema = baseConfigSchema.extend(checkoutConfigFields);
  const clinicOf = (env: NodeJS.ProcessEnv) =>
    checkoutDepsFromConfig(loadConfig(schema, env)).clinic;

  it('are demo values that say so when unset', () => {
    expect(clinicOf({})).toEqual({
      legalName: 'GLP Clinic Health, Inc. (demo)',
      addressLines: ['1200 Market Street, Suite 400', 'San Francisco, CA 94102'],
      ein: '00-0000000',
    });
  });

  it('are read from CLINIC_LEGAL_NAME, CLINIC_ADDRESS (lines split at "|") and CLINIC_EIN', () => {
    expect(
      clinicOf({
        CLINIC_LEGAL_NAME: ' Lakeside Telehealth Medical Group, P.C. ',
        CLINIC_ADDRESS: '400 N Lake Shore Dr|Floor 2 |  Chicago, IL 60611-4301',
        CLINIC_EIN: '36-4567890',
      }),
    ).toEqual({
      legalName: 'Lakeside Telehealth Medical Group, P.C.',
      addressLines: ['400 N Lake Shore Dr', 'Floor 2', 'Chicago, IL 60611-4301'],
      ein: '36-4567890',
    });
  });

  it.each([
    ['a blank name', { CLINIC_LEGAL_NAME: '  ' }, 'CLINIC_LEGAL_NAME is invalid'],
    ['an empty name', { CLINIC_LEGAL_NAME: '' }, 'CLINIC_LEGAL_NAME is missing'],
    ['an empty address', { CLINIC_ADDRESS: '' }, 'CLINIC_ADDRESS is missing'],
    [
      'an address of one line',
      { CLINIC_ADDRESS: '1 Main St, Austin, TX 78701' },
      'CLINIC_ADDRESS is invalid',
    ],
    [
      'an address without its state and ZIP',
      { CLINIC_ADDRESS: '1 Main St | Austin' },
      'CLINIC_ADDRESS is invalid',
    ],
    [
      'an address with an empty line',
      { CLINIC_ADDRESS: '1 Main St || Austin, TX 78701' },
      'CLINIC_ADDRESS is invalid',
    ],
    ['an EIN without its dash', { CLINIC_EIN: '364567890' }, 'CLINIC_EIN is invalid'],
    ['an empty EIN', { CLINIC_EIN: '' }, 'CLINIC_EIN is missing'],
  ])('refuses to start with %s', (_case, env, said) => {
    expect(() => loadConfig(schema, env)).toThrow(ConfigError);
    expect(() => loadConfig(schema, env)).toThrow(said);
  });
});
