/**
 * Chaos: PostgreSQL restarts while payments go through. While it is away the services answer
 * 503 (readiness and requests alike), never a 500; when it is back they serve again, and every
 * payment ends with one order and one charge: no half-written order, none doubled.
 */
import { paymentCountsOfCarts } from '@clinic/checkout/testing';
import { PostgresDatabase } from '@clinic/kit';
import { eventually, infraEnv, sleep } from '@clinic/kit/testing';
import { startCluster, type RunningCluster } from '../testing/cluster-process';
import { startEngines, stopEngine } from '../testing/engine-restart';
import { payAll, prepareGuestPayments } from '../testing/guest-payments';

const PAYMENTS = 200;

describe('chaos: PostgreSQL restarted under payments', () => {
  jest.setTimeout(600000);
  let cluster: RunningCluster;

  beforeAll(async () => {
    cluster = await startCluster(['--checkout=2']);
  });
  afterAll(async () => {
    startEngines();
    await cluster?.stop();
  });

  it('503 while it is away, serving after, no half-written order', async () => {
    const payments = await prepareGuestPayments(cluster.url, PAYMENTS);
    let stopped = false;
    const during: number[] = [];
    const paying = payAll(cluster.url, payments, 8, (done) => {
      if (done === 40 && !stopped) stopped = true;
    });
    await eventually(() => expect(stopped).toBe(true), 120000, 50);
    const stoppedAt = Date.now();
    stopEngine('postgres');
    for (let i = 0; i < 5; i++) {
      const [ready, catalog] = await Promise.all([
        fetch(`${cluster.url}/readyz`),
        fetch(`${cluster.url}/api/get-all-products`),
      ]);
      during.push(ready.status, catalog.status);
      await sleep(1000);
    }
    startEngines();
    await eventually(
      async () => expect((await fetch(`${cluster.url}/readyz`)).status).toBe(200),
      180000,
      500,
    );
    const readyIn = (Date.now() - stoppedAt) / 1000;
    await paying;

    const failed = payments.filter((p) => p.status !== 200);
    const retried = payments.filter((p) => p.attempts > 1).length;
    const db = await PostgresDatabase.open(infraEnv().DATABASE_URL);
    const counts = await paymentCountsOfCarts(
      db.db,
      payments.map((p) => p.cartId),
    ).finally(() => db.close());
    console.log(
      `chaos postgres-restart: stopped after 40 of ${PAYMENTS} payments, ready again ${readyIn.toFixed(1)} s ` +
        `later; answers while away: ${[...new Set(during)].join(', ')}; ${retried} payments retried by the client; ` +
        `${failed.length} failed; ${counts.orders} orders, ${counts.charges} charges, ${counts.doubled} doubled`,
    );
    expect(during.every((s) => s === 503)).toBe(true);
    expect(failed.map((p) => p.status)).toEqual([]);
    expect(counts).toEqual({ orders: PAYMENTS, charges: PAYMENTS, doubled: 0 });
  });
});
