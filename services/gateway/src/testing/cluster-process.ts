import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { serviceNames } from '@clinic/contracts';
import { eventually, freePort, infraEnv, infraServiceDatabaseUrl } from '@clinic/kit/testing';

export interface RunningCluster {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** The service processes start-cluster runs now (a restarted one has a new pid). */
  processes: () => { pid: number; service: string; port: number }[];
  stop: () => Promise<void>;
}

/**
 * `npm run start:cluster -- <args>` on the real engines, on free ports, each service as its own
 * database user; resolves once the gateway's /readyz is 200 (within `readyMs`). A cluster that
 * does not get ready is stopped before the error is thrown, so no process outlives the test.
 */
export async function startCluster(
  args: string[] = [],
  env: Record<string, string> = {},
  readyMs = 150000,
): Promise<RunningCluster> {
  const port = await freePort();
  // The services' ports are numbered from this one; below Linux's ephemeral range.
  const base = 20000 + Math.floor(Math.random() * 12000);
  let output = '';
  const child = spawn(
    process.execPath,
    [join(__dirname, '..', '..', '..', '..', 'scripts', 'start-cluster.mjs'), ...args],
    {
      env: {
        ...process.env,
        ...infraEnv(),
        ...Object.fromEntries(
          serviceNames.map((s) => [`${s.toUpperCase()}_DATABASE_URL`, infraServiceDatabaseUrl(s)]),
        ),
        NODE_OPTIONS: '',
        PORT: String(port),
        SERVICES_BASE_PORT: String(base),
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  try {
    await eventually(
      async () => {
        if (child.exitCode !== null) throw new Error(`cluster exited:\n${output}`);
        const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(3000) });
        expect(res.status).toBe(200);
      },
      readyMs,
      500,
    );
  } catch (err) {
    process.stderr.write(`--- cluster output:\n${output.slice(-20000)}\n`);
    await stop();
    throw err;
  }
  return {
    url,
    child,
    output: () => output,
    processes: () => clusterProcesses(child.pid!),
    stop,
  };
}

function clusterProcesses(parent: number): { pid: number; service: string; port: number }[] {
  const pids = readdirSync(`/proc/${parent}/task`).flatMap((tid) =>
    readFileSync(`/proc/${parent}/task/${tid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean),
  );
  return pids.flatMap((pid) => {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      const service = /services\/([a-z-]+)\/dist\//.exec(cmd)?.[1];
      const port = /(?:^|\0)PORT=(\d+)/.exec(readFileSync(`/proc/${pid}/environ`, 'utf8'))?.[1];
      return service && port ? [{ pid: Number(pid), service, port: Number(port) }] : [];
    } catch {
      return []; // exited meanwhile
    }
  });
}
