// The product as the benchmarks start it: its environment (the sandbox card processor, never
// Stripe) and the cluster (`scripts/start-cluster.mjs`, production build) on free ports, with
// the processes it started found by service.
import { readFileSync, readdirSync } from 'node:fs';
import { HOST, freePort, waitReady } from './processes.mjs';

export const stripeVars = [
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_API_BASE',
];

/** The product's environment: the sandbox processor (never Stripe), the chosen log level. */
export function productEnv(cfg, extra) {
  const env = { ...process.env, LOG_LEVEL: cfg.logLevel, ...extra };
  for (const name of stripeVars) delete env[name];
  return env;
}

/** The processes `start-cluster.mjs` (pid `parent`) started, by the name it gave each. */
export function clusterProcesses(parent) {
  const children = readdirSync(`/proc/${parent}/task`).flatMap((tid) =>
    readFileSync(`/proc/${parent}/task/${tid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean),
  );
  return children.flatMap((pid) => {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const service = /services\/([a-z-]+)\/dist\/([a-z-]+)\.js/.exec(cmd.join(' '));
    if (!service) return []; // a helper of start-cluster itself (tsx's esbuild), not the product
    const port = /(?:^|\0)PORT=(\d+)/.exec(readFileSync(`/proc/${pid}/environ`, 'utf8'))?.[1];
    return [{ pid: Number(pid), service: service[1], port: Number(port) }];
  });
}

export function redact(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return String(url);
  }
}

/**
 * `npm run start:cluster -- --checkout=N [--cpu-checkout=C]` on free ports, as a child of the
 * process group `bench`; ready when the gateway and every checkout instance are. `cfg`:
 * { logLevel, startTimeoutMs, checkoutCpu }; `extraEnv` is added to the product's environment.
 */
export async function startCluster(bench, cfg, checkouts, extraEnv = {}) {
  const port = await freePort();
  // start-cluster.mjs numbers the services' ports from this one; below Linux's ephemeral range.
  const servicesBase = 20000 + Math.floor(Math.random() * 12000);
  const args = ['scripts/start-cluster.mjs', `--checkout=${checkouts}`];
  if (cfg.checkoutCpu > 0) args.push(`--cpu-checkout=${cfg.checkoutCpu}`);
  const started = Date.now();
  const cluster = bench.startChild(
    `cluster-${checkouts}`,
    args,
    productEnv(cfg, {
      ...extraEnv,
      PORT: String(port),
      SERVICES_BASE_PORT: String(servicesBase),
      NODE_ENV: 'production',
    }),
  );
  const url = `http://${HOST}:${port}`;
  await waitReady('gateway (cluster)', url, '/readyz', cfg.startTimeoutMs);
  let procs = [];
  const deadline = Date.now() + cfg.startTimeoutMs;
  while (procs.filter((p) => p.service === 'checkout').length < checkouts) {
    if (Date.now() > deadline) throw new Error(`${checkouts} checkout processes did not start`);
    await new Promise((r) => setTimeout(r, 300));
    procs = clusterProcesses(cluster.pid);
  }
  const count = new Map();
  procs = procs
    .sort((a, b) => a.port - b.port)
    .map((p) => {
      const k = (count.get(p.service) ?? 0) + 1;
      count.set(p.service, k);
      return { ...p, name: k === 1 ? p.service : `${p.service}-${k}` };
    });
  for (const p of procs.filter((q) => q.service === 'checkout'))
    await waitReady(p.name, `http://${HOST}:${p.port}`, '/readyz', cfg.startTimeoutMs);
  console.log(
    `\ncluster with ${checkouts} checkout instance(s)${cfg.checkoutCpu ? `, each capped at ${cfg.checkoutCpu} CPU` : ''} ` +
      `ready on ${url} in ${((Date.now() - started) / 1000).toFixed(1)}s (${procs.length} processes, ` +
      `production build) on ${redact(process.env.DATABASE_URL)}, Kafka ${process.env.KAFKA_BROKERS}, ` +
      `${redact(process.env.REDIS_URL)}; sandbox card processor`,
  );
  return { cluster, url, procs };
}
