// `npm run start:cluster`: every service in its own process on the real engines, the gateway
// proxying to them. Needs DATABASE_URL, KAFKA_BROKERS and REDIS_URL (infra/local/up.sh prints them).
// The engines need not be up yet: each process listens at once and waits for them (/readyz).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpuCap } from './cpu-cap.mjs';
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

// `--checkout=3` runs three checkout processes (any service, 1 to 16); `--cpu-checkout=0.25` caps
// each of them at a quarter of a core (a cgroup each; for benchmarks on a small machine).
const usage = `usage: npm run start:cluster -- [--<service>=<instances>] [--cpu-<service>=<cores>]\n  services: ${services.join(', ')}`;
const instances = Object.fromEntries(services.map((s) => [s, 1]));
const caps = {};
for (const arg of process.argv.slice(2)) {
  const match = /^--(cpu-)?([a-z]+)=(.+)$/.exec(arg);
  const value = Number(match?.[3]);
  if (!match || !services.includes(match[2])) {
    console.error(`unknown option ${arg}\n${usage}`);
    process.exit(2);
  }
  if (match[1] && value >= 0.05 && value <= 64) caps[match[2]] = value;
  else if (!match[1] && Number.isInteger(value) && value >= 1 && value <= 16)
    instances[match[2]] = value;
  else {
    console.error(`${arg}: out of range (instances 1 to 16, cores 0.05 to 64)\n${usage}`);
    process.exit(2);
  }
}

// Each service's first process listens at SERVICES_BASE_PORT + its place in contracts' list; more
// instances take the ports after the last service's.
const basePort = Number(process.env.SERVICES_BASE_PORT ?? 4101);
let nextExtraPort = basePort + services.length;
const instancePorts = Object.fromEntries(
  services.map((s, i) => [
    s,
    [basePort + i, ...Array.from({ length: instances[s] - 1 }, () => nextExtraPort++)],
  ]),
);
const addressesOf = (s) => instancePorts[s].map((port) => `http://127.0.0.1:${port}`);
// The gateway balances over every instance; a service calling another uses its first.
const gatewayUrls = Object.fromEntries(
  services.map((s) => [serviceUrlVariable(s), addressesOf(s).join(',')]),
);
const urls = Object.fromEntries(services.map((s) => [serviceUrlVariable(s), addressesOf(s)[0]]));
// The gateway signs each caller's identity for the services, and services sign calls to each other,
// with one secret shared by the cluster's processes.
const internalSecret = process.env.INTERNAL_SECRET || randomBytes(32).toString('base64url');

// A process that exits is reported and started again after a wait that doubles (1 s, 2 s, 4 s,
// ...), at most MAX_RESTARTS times in a row (one that then ran for STABLE_MS starts its count
// over); after that the cluster gives up on it, loudly, and the others keep running. Status 78
// (EX_CONFIG: a bad variable) is not restarted, since nothing would change.
// CLUSTER_STABLE_MS shortens STABLE_MS for the chaos suite, which kills processes every few seconds.
const MAX_RESTARTS = 5;
const STABLE_MS = Number(process.env.CLUSTER_STABLE_MS) || 60000;
const CONFIG_ERROR_EXIT = 78;
const processes = [];
let stopping = false;

function loudly(text) {
  const bar = '!'.repeat(78);
  console.error(`${bar}\n${text}\n${bar}`);
}

function spawnProcess(proc) {
  // The production build (dist/), as an image runs it: no TypeScript at run time.
  // CLUSTER_CPU_PROF=<dir>: every process writes a V8 CPU profile there when it stops.
  const profile = process.env.CLUSTER_CPU_PROF
    ? [
        '--cpu-prof',
        `--cpu-prof-dir=${process.env.CLUSTER_CPU_PROF}`,
        `--cpu-prof-name=${proc.name}.${Date.now()}.cpuprofile`,
      ]
    : [];
  const child = spawn(process.execPath, ['--enable-source-maps', ...profile, proc.entry], {
    cwd: root,
    env: { ...process.env, ...urls, INTERNAL_SECRET: internalSecret, ...proc.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (proc.cap) proc.cap.add(child.pid);
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

function start(name, entry, env, cap) {
  const proc = { name, entry, env, cap, restarts: 0, child: undefined, timer: undefined };
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
  ).then(() => {
    for (const proc of processes) proc.cap?.remove();
    process.exit(code);
  });
}

// Each process works as its service's own database user when infra/ made one
// (<SERVICE>_DATABASE_URL), and migrates its schema as DATABASE_URL's user, the owner.
const databaseOf = (service) => ({
  DATABASE_URL: process.env[`${service.toUpperCase()}_DATABASE_URL`] || process.env.DATABASE_URL,
  MIGRATION_DATABASE_URL: process.env.MIGRATION_DATABASE_URL || process.env.DATABASE_URL,
});
for (const s of services)
  instancePorts[s].forEach((port, k) => {
    const name = k === 0 ? s : `${s}-${k + 1}`;
    let cap;
    try {
      cap = caps[s] ? cpuCap(name, caps[s]) : undefined;
    } catch (err) {
      console.error(err.message);
      stop(1);
      return;
    }
    start(name, `services/${s}/dist/main.js`, { PORT: String(port), ...databaseOf(s) }, cap);
  });
const scaled = services.filter((s) => instances[s] > 1 || caps[s]);
for (const s of scaled)
  console.log(
    `${s}: ${instances[s]} instance(s) at ${addressesOf(s).join(', ')}${caps[s] ? `, each capped at ${caps[s]} CPU` : ''}`,
  );
start('gateway', 'services/gateway/dist/cluster-main.js', {
  PORT: process.env.PORT ?? '3000',
  ...databaseOf('gateway'),
  ...gatewayUrls,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));
