// `npm run start:cluster`: every service in its own process on the real engines, the gateway
// proxying to them. Needs DATABASE_URL, KAFKA_BROKERS and REDIS_URL (infra/local/up.sh prints them).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { ensureInstalled, ensureWebBuilt, root } from './prepare.mjs';

const missing = ['DATABASE_URL', 'KAFKA_BROKERS', 'REDIS_URL'].filter((name) => !process.env[name]);
if (missing.length > 0) {
  console.error(
    `Cluster mode needs ${missing.join(', ')}. Start the engines and export them with:\n  eval "$(infra/local/up.sh --env)"`,
  );
  process.exit(1);
}

ensureInstalled();
ensureWebBuilt();

const services = ['identity', 'checkout', 'intake', 'verification', 'forms', 'chat'];
const basePort = Number(process.env.SERVICES_BASE_PORT ?? 4101);
const urls = Object.fromEntries(
  services.map((s, i) => [`${s.toUpperCase()}_URL`, `http://127.0.0.1:${basePort + i}`]),
);
// The gateway signs each caller's identity for the services, and services sign calls to each other,
// with one secret shared by the cluster's processes.
const internalSecret = process.env.INTERNAL_SECRET || randomBytes(32).toString('base64url');
const children = [];
let stopping = false;

function start(name, entry, env) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: { ...process.env, ...urls, INTERNAL_SECRET: internalSecret, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `[${name}] `;
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(prefix + line + '\n');
    });
  }
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`${prefix}exited (${signal ?? code}); stopping the cluster`);
    stop(1);
  });
  children.push(child);
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  Promise.all(
    children.map((c) =>
      c.exitCode !== null || c.signalCode !== null ? null : new Promise((r) => c.once('exit', r)),
    ),
  ).then(() => process.exit(code));
}

services.forEach((s, i) => start(s, `services/${s}/src/main.ts`, { PORT: String(basePort + i) }));
start('gateway', 'services/gateway/src/cluster-main.ts', { PORT: process.env.PORT ?? '3000' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));
