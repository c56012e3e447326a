/**
 * Chaos: one of three checkout instances is SIGKILLed while payments go through the gateway.
 * The gateway takes it out (a refused connection, then its failed check) and sends the next
 * requests to the two left; the payments that were inside it when it died are retried by the
 * client under the same key and settled by a live instance. Every payment ends paid, once.
 */
import { paymentCountsOfCarts } from '@clinic/checkout/testing';
import { PostgresDatabase } from '@clinic/kit';
import { infraEnv } from '@clinic/kit/testing';
import { startCluster, type RunningCluster } from '../testing/cluster-process';
import { payAll, prepareGuestPayments } from '../testing/guest-payments';

const PAYMENTS = 150;

describe('chaos: a checkout instance killed under load', () => {
  jest.setTimeout(600000);
  let cluster: RunningCluster;
  let db: PostgresDatabase;

  beforeAll(async () => {
    db = await PostgresDatabase.open(infraEnv().DATABASE_URL);
    cluster = await startCluster(['--checkout=3']);
  });
  afterAll(async () => {
    await cluster?.stop();
    await db?.close();
  });

  it('routes around the dead instance: every payment paid once, none failed', async () => {
    const checkouts = () => cluster.processes().filter((p) => p.service === 'checkout');
    expect(checkouts()).toHaveLength(3);
    const payments = await prepareGuestPayments(cluster.url, PAYMENTS);

    const victim = checkouts().sort((a, b) => a.port - b.port)[1]!;
    let killedAt = -1;
    const started = Date.now();
    await payAll(cluster.url, payments, 12, (done) => {
      if (killedAt < 0 && done >= PAYMENTS / 5) {
        killedAt = done;
        process.kill(victim.pid, 'SIGKILL');
      }
    });
    const seconds = (Date.now() - started) / 1000;

    const failed = payments.filter((p) => p.status !== 200);
    const retried = payments.filter((p) => p.attempts > 1).length;
    const { orders, charges, doubled } = await paymentCountsOfCarts(
      db.db,
      payments.map((p) => p.cartId),
    );
    console.log(
      `chaos checkout-instance-killed: ${PAYMENTS} payments in ${seconds.toFixed(1)} s over 3 instances; ` +
        `instance on port ${victim.port} SIGKILLed after ${killedAt}; ${retried} retried by the client; ` +
        `${failed.length} failed; ${orders} orders, ${charges} charges, ${doubled} carts charged twice`,
    );
    expect(killedAt).toBeGreaterThan(0);
    expect(failed.map((p) => p.status)).toEqual([]);
    expect(new Set(payments.map((p) => p.transactionId)).size).toBe(PAYMENTS);
    expect(orders).toBe(PAYMENTS);
    expect(charges).toBe(PAYMENTS);
    expect(doubled).toBe(0);
    expect(cluster.output()).toMatch(/\[checkout-2\] exited \(SIGKILL\); restarting it/);
  });
});
