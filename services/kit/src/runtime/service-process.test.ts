import { createServer, type AddressInfo } from 'node:net';
import { Router } from 'express';
import request from 'supertest';
import { z } from 'zod';
import { defineEvent } from '@clinic/contracts';
import type { Bus } from '../events/bus';
import { ConfigError } from '../config/config';
import { FakeTimers } from '../testing/fake-timers';
import { eventually, silentLogger } from '../testing/support';
import { STARTING_MESSAGE, UNAVAILABLE_MESSAGE } from './engine-unavailable';
import { openEngines } from './engines';
import { startServiceProcess, type RunningService } from './service-process';
import type { ServiceModule, ServiceParts } from './service-runtime';

const env = {
  DATA_DIR: ':memory:',
  PORT: '0',
  INTERNAL_SECRET: 'a-secret-of-at-least-thirty-two-characters',
  LOG_LEVEL: 'silent',
};

/** A service with one public route, and two that fail the way an engine or a bug does. */
const pingService: ServiceModule = {
  name: 'pingtest',
  migrationsDir: null,
  build: () => {
    const router = Router();
    router.get('/ping', (_req, res) => {
      res.json({ pong: true });
    });
    router.get('/engine-away', () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
        code: 'ECONNREFUSED',
      });
    });
    router.get('/bug', () => {
      throw new TypeError('undefined is not a function');
    });
    return { router };
  },
};

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5999'), { code: 'ECONNREFUSED' });

/** Engines whose database refuses the first `failures` connections. */
function lateDatabase(failures: number): typeof openEngines {
  let attempts = 0;
  return async (config, opts) => {
    await opts.startup?.step('database', 'connecting', async () => {
      attempts += 1;
      if (attempts <= failures) throw refused();
    });
    return openEngines(config, opts);
  };
}

describe('a service process', () => {
  let service: RunningService | undefined;
  const url = () => `http://127.0.0.1:${(service?.server.address() as AddressInfo).port}`;
  // A connection per request: PGlite's start blocks this thread past the server's keep-alive.
  const get = async (path: string) => {
    const res = await request(url()).get(path);
    return { status: res.status, body: res.body as Record<string, unknown> };
  };

  afterEach(async () => {
    await service?.stop();
    service = undefined;
  });

  it('answers at once: alive, not ready naming the engine it waits for, 503 for requests', async () => {
    const timers = new FakeTimers();
    service = await startServiceProcess(pingService, () => undefined, {
      env,
      logger: silentLogger,
      openEngines: lateDatabase(2),
      sleep: timers.sleep,
    });
    await timers.untilSleeping();

    expect(await get('/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
    const notReady = await get('/readyz');
    expect(notReady.status).toBe(503);
    const checks = (notReady.body.checks as Record<string, Record<string, string>>).pingtest;
    expect(checks?.database).toMatch(
      /^connecting: attempt 1 failed \(.*ECONNREFUSED.*\); retrying$/,
    );
    expect(checks?.bus).not.toBe('ok');
    const ping = await get('/ping');
    expect(ping.status).toBe(503);
    expect(ping.body).toMatchObject({ status: 'error', message: STARTING_MESSAGE });
    expect(ping.body.waitingFor).toContain('database');

    await timers.advance(60000);
    await timers.untilSleeping();
    await timers.advance(60000);
    await service.ready;
    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toEqual({
      pingtest: { database: 'ok', bus: 'ok', queue: 'ok' },
    });
    expect(await get('/ping')).toEqual({ status: 200, body: { pong: true } });
  });

  it('answers 503 when a request meets an engine that is away, and 500 for a bug', async () => {
    service = await startServiceProcess(pingService, () => undefined, {
      env,
      logger: silentLogger,
    });
    await service.ready;
    const away = await get('/engine-away');
    expect(away.status).toBe(503);
    expect(away.body.message).toBe(UNAVAILABLE_MESSAGE);
    expect((await get('/bug')).status).toBe(500);
  });

  it('serves its own metrics to the METRICS_TOKEN only: routes, outbox, queue, readiness', async () => {
    const token = 'a-scrape-token-for-this-cluster';
    service = await startServiceProcess(pingService, () => undefined, {
      env: { ...env, METRICS_TOKEN: token },
      logger: silentLogger,
    });
    await service.ready;
    expect((await get('/ping')).status).toBe(200);
    expect((await get('/metrics')).status).toBe(404);
    const scrape = await request(url()).get('/metrics').set('Authorization', `Bearer ${token}`);
    expect(scrape.status).toBe(200);
    expect(scrape.text).toMatch(
      /http_request_duration_seconds_count\{service="pingtest",method="GET",route="\/ping",status="200"\} 1/,
    );
    for (const series of [
      'outbox_unpublished_events{service="pingtest"} 0',
      'outbox_lag_seconds{service="pingtest"} 0',
      'job_queue_depth{service="pingtest",state="waiting"} 0',
      'job_queue_failed_jobs{service="pingtest"} 0',
      'instance_ready{service="pingtest"} 1',
      'metrics_source_up{service="pingtest",source="queue"} 1',
    ])
      expect(scrape.text).toContain(series);
  });

  it('fails its start for good on an error that waiting cannot cure, having answered meanwhile', async () => {
    const broken: ServiceModule = {
      ...pingService,
      build: () => {
        throw new Error('the service cannot be built');
      },
    };
    service = await startServiceProcess(broken, () => undefined, { env, logger: silentLogger });
    await expect(service.ready).rejects.toThrow('the service cannot be built');
    expect((await get('/healthz')).status).toBe(200);
    expect((await get('/ping')).status).toBe(503);
  });

  it('stops while an engine is still being waited for', async () => {
    const timers = new FakeTimers();
    service = await startServiceProcess(pingService, () => undefined, {
      env,
      logger: silentLogger,
      openEngines: lateDatabase(1000),
      sleep: timers.sleep,
    });
    await timers.untilSleeping();
    const stopped = service.stop();
    await expect(service.ready).rejects.toThrow('The process is stopping');
    await stopped;
    service = undefined;
  });

  it('stops while its consumer group is still waiting for the broker', async () => {
    const pingSeen = defineEvent({
      name: 'ping-seen',
      version: 1,
      schema: z.object({ n: z.number() }),
      keyOf: (d) => String(d.n),
      description: 'test',
    });
    const subscribing: ServiceModule = {
      ...pingService,
      build: (runtime) => ({
        ...(pingService.build(runtime, undefined) as ServiceParts),
        subscribers: [{ name: 'count-pings', event: pingSeen, handle: async () => undefined }],
      }),
    };
    // A bus whose subscribe waits until the bus is closed, as a group joining a dead broker does.
    let joining = false;
    const waitingBus: typeof openEngines = async (config, opts) => {
      const engines = await openEngines(config, opts);
      let closed: () => void = () => undefined;
      const bus: Bus = {
        kind: 'kafka',
        publish: async () => undefined,
        subscribe: () => {
          joining = true;
          return new Promise<void>((_, reject) => {
            closed = () => reject(new Error('Bus closed'));
          });
        },
        ping: async () => undefined,
        close: async () => closed(),
      };
      return { ...engines, bus, close: async () => (await bus.close(), engines.close()) };
    };
    service = await startServiceProcess(subscribing, () => undefined, {
      env,
      logger: silentLogger,
      openEngines: waitingBus,
    });
    await eventually(() => expect(joining).toBe(true), 60000);
    await service.stop();
    await expect(service.ready).rejects.toThrow();
    service = undefined;
  });

  it('fails to start when its port is taken (start-cluster then restarts it)', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, resolve));
    const port = (holder.address() as AddressInfo).port;
    try {
      await expect(
        startServiceProcess(pingService, () => undefined, {
          env: { ...env, PORT: String(port) },
          logger: silentLogger,
        }),
      ).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      holder.close();
    }
  });

  it('refuses to start without the cluster secret', async () => {
    await expect(
      startServiceProcess(pingService, () => undefined, {
        env: { ...env, INTERNAL_SECRET: '' },
        logger: silentLogger,
      }),
    ).rejects.toThrow(ConfigError);
  });
});
