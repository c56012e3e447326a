// `npm run start:cluster`: every service in its own process on the real engines, the gateway
// proxying to them. Needs DATABASE_URL, KAFKA_BROKERS and REDIS_URL (infra/local/up.sh prints them).
// The engines need not be up yet: each process listens at once and waits for them (/readyz).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { buildServices, ensureInstalled, ensureWebBuilt, root } from './prepare.mjs';

const missing = ['DATABASE_URL', 'KAFKA_BROKERS', 'REDIS_URL'].filter((name) => !process.env[name]);
if (missing.length > 0) {
  console.error(
    `Cluster mode needs ${missing.join(', ')}. Start the engines and export them with:\n  eval "$(infra/local/up.sh --env)"`,
  );
  process.exit(1);
}

ensureInstalled();
ensureWebBuilt();
buildServices();

// The services come from contracts (the one list), read through tsx once the install is there.
const { tsImport } = await import('tsx/esm/api');
const { backendServices: services, serviceUrlVariable } = await tsImport(
  '@clinic/contracts/services',
  import.meta.url,
);
const basePort = Number(process.env.SERVICES_BASE_PORT ?? 4101);
const urls = Object.fromEntries(
  services.map((s, i) => [serviceUrlVariable(s), `http://127.0.0.1:${basePort + i}`]),
);
// The gateway signs each caller's identity for the services, and services sign calls to each other,
// with one secret shared by the cluster's processes.
const internalSecret = process.env.INTERNAL_SECRET || randomBytes(32).toString('base64url');

// A process that exits is reported and started again after a wait that doubles (1 s, 2 s, 4 s,
// ...), at most MAX_RESTARTS times in a row (one that then ran for STABLE_MS starts its count
// over); after that the cluster gives up on it, loudly, and the others keep running. Status 78
// (EX_CONFIG: a bad variable) is not restarted, since nothing would change.
const MAX_RESTARTS = 5;
const STABLE_MS = 60000;
const CONFIG_ERROR_EXIT = 78;
const processes = [];
let stopping = false;

function loudly(text) {
  const bar = '!'.repeat(78);
  console.error(`${bar}\n${text}\n${bar}`);
}

function spawnProcess(proc) {
  // The production build (dist/), as an image runs it: no TypeScript at run time.
  const child = spawn(process.execPath, ['--enable-source-maps', proc.entry], {
    cwd: root,
    env: { ...process.env, ...urls, INTERNAL_SECRET: internalSecret, ...proc.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `[${proc.name}] `;
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(prefix + line + '\n');
    });
  }
  proc.child = child;
  proc.startedAt = Date.now();
  child.on('exit', (code, signal) => exited(proc, code, signal));
}

function exited(proc, code, signal) {
  proc.child = undefined;
  if (stopping) return;
  const prefix = `[${proc.name}] `;
  const how = signal ?? code;
  if (code === CONFIG_ERROR_EXIT) {
    loudly(`${prefix}exited (${how}): its configuration is wrong (see above); not restarting it.`);
  } else {
    if (Date.now() - proc.startedAt >= STABLE_MS) proc.restarts = 0;
    if (proc.restarts < MAX_RESTARTS) {
      proc.restarts += 1;
      const delayMs = 1000 * 2 ** (proc.restarts - 1);
      console.error(
        `${prefix}exited (${how}); restarting it in ${delayMs / 1000} s (restart ${proc.restarts} of ${MAX_RESTARTS})`,
      );
      proc.timer = setTimeout(() => {
        proc.timer = undefined;
        if (!stopping) spawnProcess(proc);
      }, delayMs);
      return;
    }
    loudly(
      `${prefix}exited (${how}) ${MAX_RESTARTS + 1} times in a row; giving up on it. The rest of the cluster keeps running without it.`,
    );
  }
  if (processes.every((p) => !p.child && !p.timer)) {
    console.error('Every process of the cluster has stopped.');
    process.exit(1);
  }
}

function start(name, entry, env) {
  const proc = { name, entry, env, restarts: 0, child: undefined, timer: undefined };
  processes.push(proc);
  spawnProcess(proc);
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const proc of processes) clearTimeout(proc.timer);
  const alive = processes.map((p) => p.child).filter(Boolean);
  for (const child of alive) child.kill('SIGTERM');
  Promise.all(
    alive.map((c) =>
      c.exitCode !== null || c.signalCode !== null ? null : new Promise((r) => c.once('exit', r)),
    ),
  ).then(() => process.exit(code));
}

// Each process works as its service's own database user when infra/ made one
// (<SERVICE>_DATABASE_URL), and migrates its schema as DATABASE_URL's user, the owner.
const databaseOf = (service) => ({
  DATABASE_URL: process.env[`${service.toUpperCase()}_DATABASE_URL`] || process.env.DATABASE_URL,
  MIGRATION_DATABASE_URL: process.env.MIGRATION_DATABASE_URL || process.env.DATABASE_URL,
});
services.forEach((s, i) =>
  start(s, `services/${s}/dist/main.js`, { PORT: String(basePort + i), ...databaseOf(s) }),
);
start('gateway', 'services/gateway/dist/cluster-main.js', {
  PORT: process.env.PORT ?? '3000',
  ...databaseOf('gateway'),
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));
