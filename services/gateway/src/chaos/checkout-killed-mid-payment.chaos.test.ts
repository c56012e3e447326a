/**
 * Chaos: checkout processes SIGKILLed 50 times while payments are in flight. Each kill leaves
 * attempts 'charging' (charged or not) with no answer; the client retries under the same key
 * and a live instance settles each one with the processor's same idempotency key. However often
 * a process dies, every payment ends with one order and one charge: none lost, none doubled.
 */
import { paymentCountsOfCarts } from '@clinic/checkout/testing';
import { PostgresDatabase } from '@clinic/kit';
import { infraEnv, sleep } from '@clinic/kit/testing';
import { startCluster, type RunningCluster } from '../testing/cluster-process';
import { payAll, prepareGuestPayments, type GuestPayment } from '../testing/guest-payments';

const KILLS = 50;
/** Prepared (cart and card token) while nothing is killed, then paid while the kills go on. */
const BATCH = 300;

describe('chaos: checkout killed mid-payment, again and again', () => {
  jest.setTimeout(900000);
  let cluster: RunningCluster;
  let db: PostgresDatabase;

  beforeAll(async () => {
    db = await PostgresDatabase.open(infraEnv().DATABASE_URL);
    // A process that ran 2 s counts as stable: start-cluster keeps restarting it after 1 s.
    // Four instances, so that one or two are always up while the others restart.
    cluster = await startCluster(['--checkout=4'], { CLUSTER_STABLE_MS: '2000' });
  });
  afterAll(async () => {
    await cluster?.stop();
    await db?.close();
  });

  it(`${KILLS} kills under load: 0 double charges, 0 lost orders`, async () => {
    const seen = new Map<number, number>(); // pid -> when first seen alive
    let kills = 0;
    let paying = false;
    let done = false;
    const killer = (async () => {
      while (!done && kills < KILLS) {
        await sleep(300);
        if (!paying) continue;
        const now = Date.now();
        const alive = cluster.processes().filter((p) => p.service === 'checkout');
        for (const p of alive) if (!seen.has(p.pid)) seen.set(p.pid, now);
        // Kill one that has run 2 s (it is serving, and its restart count has reset), while
        // another instance is up to take the retries.
        const victim = alive.find((p) => now - seen.get(p.pid)! > 2000);
        if (victim && alive.length >= 2) {
          process.kill(victim.pid, 'SIGKILL');
          kills += 1;
        }
      }
    })();
    const started = Date.now();
    // Payments go on, batch after batch, until the last kill; each kill can take the payments
    // in flight on it, which the client retries (the kills outlast a short retry budget).
    const payments: GuestPayment[] = [];
    while (kills < KILLS) {
      const batch = await prepareGuestPayments(cluster.url, BATCH);
      paying = true;
      await payAll(cluster.url, batch, 8, () => undefined, 200);
      paying = false;
      payments.push(...batch);
    }
    done = true;
    await killer;
    const seconds = (Date.now() - started) / 1000;

    const failed = payments.filter((p) => p.status !== 200);
    const retried = payments.filter((p) => p.attempts > 1).length;
    const { orders, charges, doubled } = await paymentCountsOfCarts(
      db.db,
      payments.map((p) => p.cartId),
    );
    console.log(
      `chaos checkout-killed-mid-payment: ${payments.length} payments in ${seconds.toFixed(1)} s, ` +
        `${kills} SIGKILLs of checkout processes; ${retried} payments retried by the client; ` +
        `${failed.length} failed; ${orders} orders, ${charges} standing charges, ${doubled} carts charged twice`,
    );
    expect(kills).toBe(KILLS);
    // The kills did land mid-payment: some answers were lost with their process.
    expect(retried).toBeGreaterThan(0);
    expect(failed.map((p) => p.status)).toEqual([]);
    expect(new Set(payments.map((p) => p.transactionId)).size).toBe(payments.length);
    expect({ orders, charges, doubled }).toEqual({
      orders: payments.length,
      charges: payments.length,
      doubled: 0,
    });
  });
});
