import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import IORedis from 'ioredis';
import { infraEnv, freePort, ScratchKafka, eventually, sleep } from '@clinic/kit/testing';
import { runEligibilityJourney } from './testing/patient-journey';

type Checks = Record<string, Record<string, string>>;

async function readyz(baseUrl: string): Promise<{ status: number; checks: Checks }> {
  const res = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(5000) });
  return { status: res.status, checks: ((await res.json()) as { checks: Checks }).checks };
}

/**
 * Issue 13: on a freshly started broker (no topics yet, group coordinator still loading) the
 * cluster used to stop at once. Here `npm run start:cluster` runs against a broker of its own
 * that boots while the services wait for it, then dies and comes back: every service answers
 * /healthz at once, /readyz 503 naming the bus until Kafka works, then 200; no process exits,
 * and events published after readiness are consumed. One process that does exit (chat, whose
 * port is taken at first) is restarted by start-cluster while the others keep running.
 */
describe('cluster mode on a Kafka broker that is still booting', () => {
  jest.setTimeout(300000);
  let kafka: ScratchKafka;
  let cluster: ChildProcess;
  let output = '';
  let gateway: string;
  let subscribing: Record<'identity' | 'checkout' | 'verification', string>;
  let blocker: Server | undefined;

  beforeAll(async () => {
    // Attempt counters live in Redis for an hour: earlier runs from this address must not count.
    const redis = new IORedis(infraEnv().REDIS_URL);
    const stale = await redis.keys('clinic:rate:*');
    if (stale.length > 0) await redis.del(...stale);
    await redis.quit();
    kafka = await ScratchKafka.create();
  });

  afterAll(async () => {
    if (cluster && cluster.exitCode === null) {
      const exited = new Promise((r) => cluster.once('exit', r));
      cluster.kill('SIGTERM');
      await exited;
    }
    await kafka.destroy();
    blocker?.close();
  });

  it('waits for the broker, serves once it works, and survives the broker restarting', async () => {
    const port = await freePort();
    // start-cluster.mjs gives the services six ports from this one, in its own order; below
    // Linux's ephemeral range, where outgoing connections take theirs.
    const base = 20000 + Math.floor(Math.random() * 12000);
    gateway = `http://127.0.0.1:${port}`;
    subscribing = {
      identity: `http://127.0.0.1:${base}`,
      checkout: `http://127.0.0.1:${base + 1}`,
      verification: `http://127.0.0.1:${base + 3}`,
    };
    // Chat cannot listen until this lets go of its port (on every address, as the services
    // listen): it exits, and start-cluster starts it again.
    const held = createServer((socket) => socket.destroy());
    blocker = held;
    await new Promise<void>((resolve) => held.listen(base + 5, resolve));
    cluster = spawn(
      process.execPath,
      [join(__dirname, '..', '..', '..', 'scripts', 'start-cluster.mjs')],
      {
        env: {
          ...process.env,
          ...infraEnv(),
          KAFKA_BROKERS: kafka.brokers,
          NODE_OPTIONS: '',
          PORT: String(port),
          SERVICES_BASE_PORT: String(base),
          LOG_LEVEL: 'warn',
          NODE_ENV: 'test',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    cluster.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    cluster.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    const alive = () => {
      if (cluster.exitCode !== null) throw new Error(`cluster exited:\n${output}`);
    };

    try {
      // The services answer before any engine works: alive, not ready, and saying it is the bus.
      for (const url of Object.values(subscribing)) {
        await eventually(
          async () => {
            alive();
            expect((await fetch(`${url}/healthz`)).status).toBe(200);
          },
          90000,
          250,
        );
        const { status, checks } = await readyz(url);
        expect(status).toBe(503);
        const own = Object.values(checks)[0] ?? {};
        expect(own.bus).toBeDefined();
        expect(own.bus).not.toBe('ok');
      }
      await eventually(async () => expect((await readyz(gateway)).status).toBe(503), 30000, 250);
      await eventually(
        () => expect(output).toMatch(/\[chat\] exited \(1\); restarting it in/),
        90000,
      );
      held.close();
      blocker = undefined;

      // The broker boots only now, empty: topics and the offsets topic come while clients knock.
      kafka.start();
      await eventually(
        async () => {
          alive();
          expect((await readyz(gateway)).status).toBe(200);
        },
        180000,
        500,
      );
      expect(kafka.started()).toBe(true);
      await runEligibilityJourney(gateway);

      // The broker dies: the services stay up and say so, then carry on when it is back.
      await kafka.kill();
      await eventually(
        async () => {
          alive();
          const { status, checks } = await readyz(subscribing.checkout);
          expect(status).toBe(503);
          expect(checks.checkout?.bus).not.toBe('ok');
        },
        60000,
        500,
      );
      await sleep(2000);
      kafka.start();
      await eventually(
        async () => {
          alive();
          expect((await readyz(gateway)).status).toBe(200);
        },
        180000,
        500,
      );
      await runEligibilityJourney(gateway);

      alive();
      expect(output).not.toMatch(
        /\[(identity|checkout|intake|verification|forms|gateway)\] exited/,
      );
      expect(output).not.toMatch(/giving up/);
    } catch (err) {
      // Kept short: the services' warnings and the end of the broker's log.
      process.stderr.write(`--- cluster output:\n${output.slice(-20000)}\n`);
      process.stderr.write(`--- broker output:\n${kafka.output().slice(-5000)}\n`);
      throw err;
    }
  });
});
