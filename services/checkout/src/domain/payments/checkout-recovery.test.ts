/**
 * The process dies between the card charge and the order's commit. Simulated by a processor that
 * charges through the real sandbox and then throws instead of answering, as a crash or a lost
 * connection would leave it: the card is charged, the attempt row says 'charging', no order.
 * A process that died stops beating in checkout.payment_workers; that is simulated by making
 * the attempt's worker look silent (its last beat an hour ago, or a worker that never beat).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { eventually, startServiceForTest } from '@clinic/kit/testing';
import { SandboxProcessor } from '../../payments/sandbox/sandbox-processor';
import type { CardProcessor } from '../../payments/card-processor';
import { startCheckout, type CheckoutHarness } from '../../testing/checkout-harness';
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
    t.query<{ id: number }>(sql`select id from checkout.orders where cart_id = ${cartId}`);
  /** Keys are stored in their caller's scope; these payments are a visitor's, by cart. */
  const attemptsOf = (cartId: string) =>
    t.query<{ status: string }>(
      sql`select status from checkout.payment_attempts where cart_id = ${cartId}
          order by created_at`,
    );
  /**
   * The process that started the attempt died: the attempt is handed to a worker whose last
   * beat was a minute ago (a test runs in one process, which is alive by definition).
   */
  const workerDies = async (cartId: string) => {
    const dead = randomUUID();
    await t.query(
      sql`insert into checkout.payment_workers (id, seen_at) values (${dead}, now() - interval '1 minute')`,
    );
    await t.query(
      sql`update checkout.payment_attempts set worker_id = ${dead}
          where cart_id = ${cartId} and status = 'charging'`,
    );
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
    const [transaction] = await t.query<{ transaction_id: string }>(
      sql`select t.transaction_id from checkout.transactions t
          join checkout.orders o on o.id = t.order_id where o.cart_id = ${cartId}`,
    );
    expect(replay.body.transaction_id).toBe(transaction?.transaction_id);
  });

  it('refunds the charge when the cart was paid by another attempt in between', async () => {
    const cartId = await t.saveCart();
    const cardToken = await t.token('4242424242424242');
    const key = randomUUID();
    crashNext = true;
    expect((await t.pay(cartId, { cardToken }, { key })).status).toBe(502);
    // The cart gets paid some other way before the settle job runs (e.g. a staff-placed order).
    await t.query(
      sql`insert into checkout.orders
            (cart_id, status, product_id, plan_id, payment_terms, amount_cents, discount_cents,
             shipping_address, created_at)
          values (${cartId}, 'pending_approval', 1, 'tirz_plan_1', 6, 134982, 0, '{}'::jsonb, now())`,
    );
    t.clock.advance(settleAfterMs);
    await eventually(async () =>
      expect(await attemptsOf(cartId)).toEqual([{ status: 'refunded' }]),
    );
    const [charge] = await t.query<{ refund_id: string | null }>(
      sql`select c.refund_id from checkout.sandbox_charges c
          where c.description = ${`Checkout of cart ${cartId}`} and c.status = 'succeeded'
          limit 1`,
    );
    expect(charge?.refund_id).toMatch(/^re_/);
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
      { settleAfterMs, paymentWorkerTiming: { beatMs: 3_600_000, staleMs: 6_000 } },
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
