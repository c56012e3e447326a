/**
 * The process dies between the card charge and the order's commit. Simulated by a processor that
 * charges through the real sandbox and then throws instead of answering, as a crash or a lost
 * connection would leave it: the card is charged, the attempt row says 'charging', no order.
 * A process that died stops beating in checkout.payment_workers; that is simulated by making
 * the attempt's worker look silent (its last beat an hour ago, or a worker that never beat).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { eventually, startServiceForTest } from '@clinic/kit/testing';
import {
  orders,
  paymentAttempts,
  paymentWorkers,
  sandboxCharges,
  transactions,
} from '../../db/schema';
import { SandboxProcessor } from '../../payments/sandbox/sandbox-processor';
import type { CardProcessor } from '../../payments/card-processor';
import { fakeIdentity, startCheckout, type CheckoutHarness } from '../../testing/checkout-harness';
import { checkoutService } from '../../app';

const settleAfterMs = 120_000;

describe('a crash between charge and commit', () => {
  let t: CheckoutHarness;
  let crashNext = false;
  beforeAll(async () => {
    t = await startCheckout({
      settleAfterMs,
      // This process beats once at start and then not for the test's length: a test decides
      // when its worker looks dead by ageing that beat.
      paymentWorkerTiming: { beatMs: 3_600_000, staleMs: 6_000 },
      processor: (runtime): CardProcessor => {
        const sandbox = new SandboxProcessor(runtime.engines.database, runtime.clock);
        return {
          name: 'sandbox',
          async charge(request) {
            const result = await sandbox.charge(request);
            if (crashNext) {
              crashNext = false;
              throw new Error('process died before the answer was handled');
            }
            return result;
          },
          cardFingerprint: (source) => sandbox.cardFingerprint(source),
          refund: (chargeId, key) => sandbox.refund(chargeId, key),
          saveCard: (request) => sandbox.saveCard(request),
        };
      },
    });
  });
  afterAll(async () => t.close());

  const ordersOf = (cartId: string) =>
    t.db.select({ id: orders.id }).from(orders).where(eq(orders.cartId, cartId));
  /** Keys are stored in their caller's scope; these payments are a visitor's, by cart. */
  const attemptsOf = (cartId: string) =>
    t.db
      .select({ status: paymentAttempts.status })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.cartId, cartId))
      .orderBy(asc(paymentAttempts.createdAt));
  /**
   * The process that started the attempt died: the attempt is handed to a worker whose last
   * beat was a minute ago (a test runs in one process, which is alive by definition).
   */
  const workerDies = async (cartId: string) => {
    const dead = randomUUID();
    await t.db
      .insert(paymentWorkers)
      .values({ id: dead, seenAt: sql`now() - interval '1 minute'` });
    await t.db
      .update(paymentAttempts)
      .set({ workerId: dead })
      .where(and(eq(paymentAttempts.cartId, cartId), eq(paymentAttempts.status, 'charging')));
  };
  /** A charge lost between processor and commit, as a SIGKILL leaves it; its card token. */
  async function crashedPayment(cartId: string, key: string): Promise<string> {
    const cardToken = await t.token('4242424242424242');
    crashNext = true;
    const lost = await t.pay(cartId, { cardToken }, { key });
    expect(lost.status).toBe(502);
    expect(await attemptsOf(cartId)).toEqual([{ status: 'charging' }]);
    return cardToken;
  }

  it('ends with one charge and one order, and the key then answers that order', async () => {
    const cartId = await t.saveCart();
    const token = await t.token('4242424242424242');
    const key = randomUUID();
    const before = await t.charges();
    crashNext = true;
    const lost = await t.pay(cartId, { cardToken: token }, { key });
    expect(lost.status).toBe(502);
    expect(await t.charges()).toBe(before + 1);
    expect(await ordersOf(cartId)).toEqual([]);
    expect(await attemptsOf(cartId)).toEqual([{ status: 'charging' }]);

    // Another attempt on the same cart meanwhile is held back, so it cannot charge a second time.
    const other = await t.pay(cartId, {}, { key: randomUUID() });
    expect(other.status).toBe(409);

    t.clock.advance(settleAfterMs);
    await eventually(async () =>
      expect(await attemptsOf(cartId)).toEqual([{ status: 'succeeded' }]),
    );
    expect(await ordersOf(cartId)).toHaveLength(1);
    expect(await t.charges()).toBe(before + 1);

    const replay = await t.pay(cartId, { cardToken: token }, { key });
    expect(replay.status).toBe(200);
    const [transaction] = await t.db
      .select({ transactionId: transactions.transactionId })
      .from(transactions)
      .innerJoin(orders, eq(orders.id, transactions.orderId))
      .where(eq(orders.cartId, cartId));
    expect(replay.body.transaction_id).toBe(transaction?.transactionId);
  });

  it('refunds the charge when the cart was paid by another attempt in between', async () => {
    const cartId = await t.saveCart();
    const cardToken = await t.token('4242424242424242');
    const key = randomUUID();
    crashNext = true;
    expect((await t.pay(cartId, { cardToken }, { key })).status).toBe(502);
    // The cart gets paid some other way before the settle job runs (e.g. a staff-placed order).
    await t.db.insert(orders).values({
      cartId,
      status: 'pending_approval',
      productId: 1,
      planId: 'tirz_plan_1',
      paymentTerms: 6,
      amountCents: 134982,
      discountCents: 0,
      shippingAddress: sql`'{}'::jsonb`,
      createdAt: sql`now()`,
    });
    t.clock.advance(settleAfterMs);
    await eventually(async () =>
      expect(await attemptsOf(cartId)).toEqual([{ status: 'refunded' }]),
    );
    const [charge] = await t.db
      .select({ refundId: sandboxCharges.refundId })
      .from(sandboxCharges)
      .where(
        and(
          eq(sandboxCharges.description, `Checkout of cart ${cartId}`),
          eq(sandboxCharges.status, 'succeeded'),
        ),
      )
      .limit(1);
    expect(charge?.refundId).toMatch(/^re_/);
    expect(await ordersOf(cartId)).toHaveLength(1);
    const replay = await t.pay(cartId, { cardToken }, { key });
    expect(replay.status).toBe(409);
  });

  it('answers a retry of the key within seconds when the charging process died', async () => {
    const cartId = await t.saveCart();
    const key = randomUUID();
    const before = await t.charges();
    const cardToken = await crashedPayment(cartId, key);
    // While its process is alive, another attempt waits for it rather than charge in its place.
    expect((await t.pay(cartId, {}, { key: randomUUID() })).status).toBe(409);

    await workerDies(cartId);
    const started = Date.now();
    const retry = await t.pay(cartId, { cardToken }, { key });
    expect(retry.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
    const orders = await ordersOf(cartId);
    expect(orders).toHaveLength(1);
    expect(retry.body.prescriptionPreauths[0].orderId).toBe(orders[0]?.id);
    expect(await t.charges()).toBe(before + 1);
    expect(await attemptsOf(cartId)).toEqual([{ status: 'succeeded' }]);
  });

  it('settles what a dead process left as soon as a checkout process starts, with no retry', async () => {
    const cartId = await t.saveCart();
    const before = await t.charges();
    await crashedPayment(cartId, randomUUID());
    await workerDies(cartId);
    // Another checkout process starting on the same database (a restart, or a replica).
    const restarted = await startServiceForTest(
      checkoutService,
      {
        settleAfterMs,
        paymentWorkerTiming: { beatMs: 3_600_000, staleMs: 6_000 },
        // The guest's account is made by whoever settles the payment.
        identity: fakeIdentity(),
      },
      { engines: t.service.engines, start: false },
    );
    // The bus already has this service's consumer (the first process): only the rest starts.
    await restarted.runtime.run();
    await restarted.close();
    expect(await attemptsOf(cartId)).toEqual([{ status: 'succeeded' }]);
    expect(await ordersOf(cartId)).toHaveLength(1);
    expect(await t.charges()).toBe(before + 1);
  });
});
