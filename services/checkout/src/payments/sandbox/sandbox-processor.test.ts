import { randomUUID } from 'node:crypto';
import { count as countOf, eq } from 'drizzle-orm';
import request from 'supertest';
import { ManualClock } from '@clinic/kit';
import { startServiceForTest, type ServiceUnderTest } from '@clinic/kit/testing';
import { checkoutService } from '../../app';
import { sandboxCharges, sandboxCustomers, sandboxPaymentMethods } from '../../db/schema';
import { cardProcessorContract } from '../card-processor.suite';
import { SandboxProcessor } from './sandbox-processor';
import { sandboxUnderTest } from './sandbox-under-test';

cardProcessorContract('Sandbox on PGlite', async () => {
  const service = await startServiceForTest(checkoutService, {});
  return { ...(await sandboxUnderTest(service)), close: () => service.close() };
});

// What only the sandbox can show: what it keeps, and a card whose expiry passes after tokenizing.
describe('Sandbox saveCard', () => {
  let service: ServiceUnderTest;
  let clock: ManualClock;
  let processor: SandboxProcessor;
  beforeAll(async () => {
    clock = new ManualClock('2026-11-22T12:00:00Z');
    service = await startServiceForTest(checkoutService, {}, { clock });
    processor = new SandboxProcessor(service.engines.database, clock);
  });
  afterAll(async () => service.close());
  beforeEach(() => clock.set('2026-11-22T12:00:00Z'));

  const tokenFor = async (number: string, exp = { exp_month: 12, exp_year: 2034 }) => {
    const res = await request(service.app)
      .post('/sandbox/v1/tokens')
      .send({ card: { number, cvc: '123', ...exp } });
    expect(res.status).toBe(200);
    return res.body.id as string;
  };
  const count = async (table: 'sandbox_customers' | 'sandbox_payment_methods') => {
    const tables = {
      sandbox_customers: sandboxCustomers,
      sandbox_payment_methods: sandboxPaymentMethods,
    };
    const [row] = await service.engines.database.db.select({ n: countOf() }).from(tables[table]);
    return row?.n ?? 0;
  };
  const save = async (source: string) =>
    processor.saveCard({ source, customerId: null, idempotencyKey: randomUUID() });

  it('keeps neither a customer nor a card when the card is declined on save', async () => {
    const before = [await count('sandbox_customers'), await count('sandbox_payment_methods')];
    for (const number of ['4000000000000002', '4000000000009987', '4000000000000119'])
      expect(await save(await tokenFor(number))).toMatchObject({ status: 'declined' });
    expect([await count('sandbox_customers'), await count('sandbox_payment_methods')]).toEqual(
      before,
    );
  });

  it('declines saving a card whose expiry month has passed since it was tokenized', async () => {
    const source = await tokenFor('4242424242424242', { exp_month: 11, exp_year: 2026 });
    clock.set('2026-12-01T00:00:00Z');
    expect(await save(source)).toMatchObject({
      status: 'declined',
      code: 'expired_card',
      message: 'Your card has expired.',
    });
  });

  it('declines charging a saved 0341 card and records the failed charge', async () => {
    const saved = await save(await tokenFor('4000 0000 0000 0341'));
    if (saved.status !== 'saved') throw new Error('expected a saved card');
    const description = `renewal ${randomUUID()}`;
    await processor.charge({
      amountCents: 24997,
      source: saved.paymentMethodId,
      customerId: saved.customerId,
      description,
      idempotencyKey: randomUUID(),
    });
    expect(
      await service.engines.database.db
        .select({
          status: sandboxCharges.status,
          decline_code: sandboxCharges.declineCode,
          customer_id: sandboxCharges.customerId,
          payment_method_id: sandboxCharges.paymentMethodId,
        })
        .from(sandboxCharges)
        .where(eq(sandboxCharges.description, description)),
    ).toEqual([
      {
        status: 'failed',
        decline_code: 'generic_decline',
        customer_id: saved.customerId,
        payment_method_id: saved.paymentMethodId,
      },
    ]);
  });
});
