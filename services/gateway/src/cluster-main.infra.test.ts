import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { backendServices, serviceUrlVariable } from '@clinic/contracts';
import { infraEnv, freePort, eventually, TcpProxy } from '@clinic/kit/testing';

/**
 * The gateway of cluster mode listens before its own engine (the dev mailbox's database) is
 * there: /healthz at once, /readyz naming the gateway's database while it is away, /dev/mailbox
 * 503 until it is migrated, and no exit meanwhile.
 */
describe('the cluster gateway whose database is not up yet', () => {
  jest.setTimeout(120000);
  let database: TcpProxy;
  let gateway: ChildProcess | undefined;
  let output = '';

  beforeAll(async () => {
    const { hostname, port } = new URL(infraEnv().DATABASE_URL);
    database = await TcpProxy.create({ host: hostname, port: Number(port) });
  });

  afterAll(async () => {
    if (gateway && gateway.exitCode === null) {
      const exited = new Promise((r) => gateway?.once('exit', r));
      gateway.kill('SIGTERM');
      await exited;
    }
    await database.close();
  });

  it('serves health at once and the dev mailbox once its database answers', async () => {
    const port = await freePort();
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    gateway = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'cluster-main.ts')], {
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        PORT: String(port),
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATABASE_URL: TcpProxy.redirect(infraEnv().DATABASE_URL, database),
        INTERNAL_SECRET: 'a-secret-of-at-least-thirty-two-characters',
        // Every service's address, from contracts' one list: none answers.
        ...Object.fromEntries(backendServices.map((s) => [serviceUrlVariable(s), nowhere])),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    gateway.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    gateway.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    const url = `http://127.0.0.1:${port}`;
    const alive = () => {
      if (gateway?.exitCode !== null) throw new Error(`gateway exited:\n${output}`);
    };

    await eventually(
      async () => {
        alive();
        expect((await fetch(`${url}/healthz`)).status).toBe(200);
      },
      90000,
      250,
    );
    await eventually(async () => {
      const res = await fetch(`${url}/readyz`);
      expect(res.status).toBe(503);
      const { checks } = (await res.json()) as { checks: Record<string, Record<string, string>> };
      expect(checks.gateway?.database).toMatch(/attempt \d+ failed .*ECONNREFUSED/);
    });
    const early = await fetch(`${url}/dev/mailbox/api/messages`);
    expect(early.status).toBe(503);

    await database.open();
    await eventually(
      async () => expect((await fetch(`${url}/dev/mailbox/api/messages`)).status).toBe(200),
      30000,
    );
    // Then the gateway's own order view (its database, bus and queue) is ready too.
    await eventually(async () => {
      const { checks } = (await (await fetch(`${url}/readyz`)).json()) as {
        checks: Record<string, unknown>;
      };
      expect(checks.gateway).toEqual({ database: 'ok', bus: 'ok', queue: 'ok' });
    }, 60000);
    alive();
    expect(output).toMatch(/database \(migrating the dev mailbox\) not available yet/);
    expect(output).not.toContain(new URL(infraEnv().DATABASE_URL).password + '@');
  });
});
