import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { Router } from 'express';
import request from 'supertest';
import { PostgresDatabase } from '../db/postgres-database';
import { infraEnv } from '../testing/infra-env';
import { eventually, memoryLogger, uniqueWord } from '../testing/support';
import { TcpProxy } from '../testing/tcp-proxy';
import { STARTING_MESSAGE, UNAVAILABLE_MESSAGE } from './engine-unavailable';
import { startServiceProcess, type RunningService } from './service-process';
import type { ServiceModule } from './service-runtime';

const targetOf = (url: string) => {
  const { hostname, port } = new URL(url);
  return { host: hostname, port: Number(port) };
};

/**
 * A service process on real PostgreSQL, Kafka and Redis, with PostgreSQL and Redis behind proxies
 * that refuse connections at first (servers still booting) and cut them later (servers gone).
 */
describe('a service process whose database and Redis are not up yet', () => {
  jest.setTimeout(120000);
  const env = infraEnv();
  const name = `boot_${uniqueWord(6)}`;
  const { logger, lines } = memoryLogger(name);
  let database: TcpProxy;
  let redis: TcpProxy;
  let service: RunningService | undefined;

  const module: ServiceModule = {
    name,
    migrationsDir: null,
    build: (runtime) => {
      const router = Router();
      router.get('/now', async (_req, res) => {
        const result = (await runtime.db.execute(sql`select 1 as one`)) as { rows: unknown[] };
        res.json({ rows: result.rows.length });
      });
      return { router };
    },
  };

  beforeAll(async () => {
    database = await TcpProxy.create(targetOf(env.DATABASE_URL));
    redis = await TcpProxy.create(targetOf(env.REDIS_URL));
  });

  afterAll(async () => {
    await service?.stop();
    await database.open();
    const admin = await PostgresDatabase.open(env.DATABASE_URL);
    await admin.db.execute(sql.raw(`drop schema if exists ${name} cascade`));
    await admin.close();
    await Promise.all([database.close(), redis.close()]);
  });

  it('waits for each engine, naming it, then serves; a lost connection answers 503, not an exit', async () => {
    service = await startServiceProcess(module, () => undefined, {
      env: {
        DATABASE_URL: TcpProxy.redirect(env.DATABASE_URL, database),
        REDIS_URL: TcpProxy.redirect(env.REDIS_URL, redis),
        KAFKA_BROKERS: env.KAFKA_BROKERS,
        PORT: '0',
        INTERNAL_SECRET: 'a-secret-of-at-least-thirty-two-characters',
      },
      logger,
      backoff: { initialMs: 100, maxMs: 800, multiplier: 2, jitter: 0.5 },
    });
    const app = `http://127.0.0.1:${(service.server.address() as AddressInfo).port}`;
    const checks = async () => {
      const res = await request(app).get('/readyz');
      return {
        status: res.status,
        own: (res.body.checks as Record<string, Record<string, string>>)[name] ?? {},
      };
    };

    expect((await request(app).get('/healthz')).status).toBe(200);
    await eventually(async () => {
      const { status, own } = await checks();
      expect(status).toBe(503);
      expect(own.database).toMatch(/attempt \d+ failed \(.*ECONNREFUSED.*\); retrying/);
      expect(own.rateLimiter).toMatch(/ECONNREFUSED/);
    });
    const early = await request(app).get('/now');
    expect(early.status).toBe(503);
    expect(early.body).toMatchObject({ message: STARTING_MESSAGE });

    // PostgreSQL comes first: the database is ready, Redis is still awaited.
    await database.open();
    await eventually(async () => {
      const { status, own } = await checks();
      expect(status).toBe(503);
      expect(own.database).toBe('ok');
      expect(own.rateLimiter).not.toBe('ok');
    }, 20000);
    await redis.open();
    await service.ready;
    expect(await checks()).toEqual({
      status: 200,
      own: { database: 'ok', bus: 'ok', queue: 'ok' },
    });
    expect((await request(app).get('/now')).body).toEqual({ rows: 1 });

    // The database goes away: a request that needs it answers 503 at once, nothing exits.
    await database.close();
    const away = await request(app).get('/now');
    expect(away.status).toBe(503);
    expect(away.body.message).toBe(UNAVAILABLE_MESSAGE);
    expect((await checks()).status).toBe(503);
    await database.open();
    await eventually(async () => expect((await request(app).get('/now')).status).toBe(200));

    const warnings = lines().filter((l) => l.level === 40);
    expect(warnings.some((l) => l.what === 'database (connecting)' && l.attempt === 1)).toBe(true);
    expect(warnings.some((l) => l.what === 'rateLimiter (connecting)')).toBe(true);
    const logged = JSON.stringify(lines());
    expect(logged).not.toContain(new URL(env.DATABASE_URL).password + '@');
  });
});
