/**
 * Chaos: Redis restarts under a cluster with two chat and two checkout processes. While it is
 * away nothing answers a 500; once it is back the sessions made before still work, queues run
 * again (a payment's confirmation email arrives), rate limits count again, and chat sockets
 * work across processes (the socket.io Redis adapter reconnected).
 */
import { randomUUID } from 'node:crypto';
import { eventually } from '@clinic/kit/testing';
import { runSupportChatRoundTrip } from '../testing/chat-journey';
import { startCluster, type RunningCluster } from '../testing/cluster-process';
import { startEngines, stopEngine } from '../testing/engine-restart';
import { payAll, prepareGuestPayments } from '../testing/guest-payments';
import { call, mailCount, quizAnswers } from '../testing/patient-journey';

describe('chaos: Redis restarted', () => {
  jest.setTimeout(600000);
  let cluster: RunningCluster;

  beforeAll(async () => {
    cluster = await startCluster(['--chat=2', '--checkout=2'], { SEED_DEMO_ACCOUNTS: 'true' });
  });
  afterAll(async () => {
    startEngines(); // whatever happened, the engines are left running
    await cluster?.stop();
  });

  it('sessions, queues, rate limits and sockets recover', async () => {
    const [before] = await prepareGuestPayments(cluster.url, 1);
    await payAll(cluster.url, [before!], 1);
    expect(before!.status).toBe(200);
    const pending = await prepareGuestPayments(cluster.url, 1);

    const stoppedAt = Date.now();
    stopEngine('redis');
    // Away: whatever needs Redis says it is unavailable, never a server error.
    const during = await Promise.all([
      call(cluster.url, 'GET', '/api/order-items', { token: before!.session }),
      call(cluster.url, 'POST', '/api/intake-form', {
        json: quizAnswers(`chaos.${randomUUID().slice(0, 8)}@example.com`),
      }),
      call(cluster.url, 'GET', '/api/get-all-products'),
    ]);
    expect(during.map((r) => r.status).filter((s) => s >= 500 && s !== 502 && s !== 503)).toEqual(
      [],
    );
    startEngines();
    const restartedIn = (Date.now() - stoppedAt) / 1000;
    await eventually(
      async () => expect((await fetch(`${cluster.url}/readyz`)).status).toBe(200),
      120000,
      500,
    );
    const readyIn = (Date.now() - stoppedAt) / 1000;

    // Sessions: the one made before still opens the portal.
    const portal = await call(cluster.url, 'GET', '/api/order-items', { token: before!.session });
    expect(portal.status).toBe(200);
    // Queues: a payment now gets its confirmation email (a BullMQ job).
    await payAll(cluster.url, pending, 1);
    expect(pending[0]!.status).toBe(200);
    const buyer = (pending[0]!.body.guest as { email: string }).email;
    await eventually(
      async () => expect(await mailCount(cluster.url, buyer)).toBeGreaterThan(0),
      60000,
      500,
    );
    // Rate limits: counted in Redis again (a quiz is answered, and counts).
    const quiz = await call(cluster.url, 'POST', '/api/intake-form', {
      json: quizAnswers(`chaos.${randomUUID().slice(0, 8)}@example.com`),
    });
    expect(quiz.status).toBe(200);
    // Sockets: a chat round trip through two chat processes.
    await runSupportChatRoundTrip(cluster.url);
    console.log(
      `chaos redis-restart: Redis down and up in ${restartedIn.toFixed(1)} s, cluster ready ${readyIn.toFixed(1)} s ` +
        `after the stop; during it answers ${during.map((r) => r.status).join(', ')}; after it a session, ` +
        'a queued email, a rate-limited quiz and a chat round trip across processes all worked',
    );
    expect(cluster.output()).not.toMatch(/giving up/);
  });
});
