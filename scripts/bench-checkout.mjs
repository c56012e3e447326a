// `npm run bench:checkout [-- single|cluster|all]`: POST /api/checkout-new on the sandbox processor
// at rising concurrency, next to a bare Express handler started in the same run, printing
// throughput and p99 for both and their ratio. Absolute timings depend on the machine, so nothing
// is gated on them: the script exits 0 unless something is broken (a process dies, preparing a
// cart or card token fails, or more than 1% of checkout-new answers are errors or non-2xx).
//
//   single   (default) the product in one process (`npm start`), embedded engines, DATA_DIR=:memory:
//   cluster  every service in its own process on PostgreSQL, Kafka and Redis, measured with one
//            checkout process and then with two; needs DATABASE_URL, KAFKA_BROKERS and REDIS_URL:
//              eval "$(infra/local/up.sh --env)"
//   all      single, then cluster
//
// The gateway takes a single CHECKOUT_URL, so in cluster mode it is pointed at a small round-robin
// HTTP balancer started by this script (a child process) in front of the checkout processes; both
// cluster phases go through it so they differ only in the number of checkout instances.
//
// Settings (environment):
//   BENCH_LEVELS=1,4,16,32   concurrency levels (closed loop: that many requests in flight)
//   BENCH_REQUESTS=200       timed checkout-new requests per level
//   BENCH_BASELINE_REQUESTS=2000  timed baseline requests per level, half of them just before and
//                            half just after the checkout run (the baseline is far faster, so
//                            more requests keep its run long enough to measure)
//   BENCH_WARMUP=40          untimed checkouts (and 10x as many baseline requests) per phase
//   BENCH_PREP_CONCURRENCY=8 concurrency for preparing carts and card tokens (untimed)
//   BENCH_LOG_LEVEL=info     LOG_LEVEL of the product's processes (their logs go to temp files)
//   BENCH_START_TIMEOUT=120  seconds to wait for the product to become ready
//   BENCH_KEEP_LOGS=1        keep the temp dir with the processes' logs (always kept on failure)
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  HOST,
  createProcessGroup,
  freePort,
  intFrom as intSetting,
  waitReady,
} from './bench/processes.mjs';

const selfPath = fileURLToPath(import.meta.url);
const root = join(dirname(selfPath), '..');

// ---------------------------------------------------------------------------------------------
// Child roles: this file also runs the baseline server and the balancer in their own processes,
// so neither shares an event loop with the load generator (the product does not either).
// ---------------------------------------------------------------------------------------------
/** The baseline: a bare Express app with one JSON handler answering a fixed 200. */
async function runBaselineServer() {
  const { default: express } = await import('express');
  const app = express();
  const answer = { status: 'success', message: 'Payment successful', order_id: 'bench-baseline' };
  app.post('/api/checkout-new', express.json(), (_req, res) => {
    res.json(answer);
  });
  const server = app.listen(0, HOST, () => process.send?.({ port: server.address().port }));
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
  process.on('disconnect', () => process.exit(0));
}

/** Round-robin HTTP proxy over the checkout processes; the pool is switched over IPC. */
function runBalancer() {
  let pool = JSON.parse(process.env.BENCH_BALANCER_POOL ?? '[]').map((u) => new URL(u));
  let turn = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const hopByHop = new Set(['connection', 'keep-alive', 'transfer-encoding', 'proxy-connection']);
  process.on('message', (msg) => {
    if (Array.isArray(msg?.pool)) {
      pool = msg.pool.map((u) => new URL(u));
      process.send?.({ pool: msg.pool });
    }
  });
  const server = http.createServer((req, res) => {
    const target = pool[turn++ % pool.length];
    if (!target) {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end('{"message":"bench balancer: no checkout instance"}');
      return;
    }
    const headers = { ...req.headers, host: target.host };
    headers['x-forwarded-for'] = [req.headers['x-forwarded-for'], req.socket.remoteAddress]
      .filter(Boolean)
      .join(', ');
    for (const h of hopByHop) delete headers[h];
    const upstream = http.request(
      {
        agent,
        hostname: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers,
      },
      (answer) => {
        const out = {};
        for (const [name, value] of Object.entries(answer.headers))
          if (!hopByHop.has(name) && value !== undefined) out[name] = value;
        res.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(res);
      },
    );
    upstream.on('error', (err) => {
      if (res.headersSent) return res.destroy();
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: `bench balancer: ${target.host}: ${err.message}` }));
    });
    req.pipe(upstream);
  });
  server.listen(0, HOST, () => process.send?.({ port: server.address().port }));
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
  process.on('disconnect', () => process.exit(0));
}

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------
const intFrom = (name, fallback, min = 1) => intSetting(name, fallback, min, usage);

function usage(problem) {
  if (problem) console.error(`bench-checkout: ${problem}`);
  console.error(
    'usage: node scripts/bench-checkout.mjs [single|cluster|all]\n' +
      '  env: BENCH_LEVELS=1,4,16,32 BENCH_REQUESTS=200 BENCH_BASELINE_REQUESTS=2000 BENCH_WARMUP=40\n' +
      '       BENCH_PREP_CONCURRENCY=8' +
      ' BENCH_LOG_LEVEL=info BENCH_START_TIMEOUT=120 BENCH_KEEP_LOGS=1\n' +
      '  cluster mode needs DATABASE_URL, KAFKA_BROKERS, REDIS_URL: eval "$(infra/local/up.sh --env)"',
  );
  process.exit(problem ? 2 : 0);
}

function settings() {
  const levels = (process.env.BENCH_LEVELS ?? '1,4,16,32')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map(Number);
  if (levels.length === 0 || levels.some((n) => !Number.isInteger(n) || n < 1))
    usage(
      `BENCH_LEVELS must be a comma-separated list of positive integers, got "${process.env.BENCH_LEVELS}"`,
    );
  return {
    levels,
    requests: intFrom('BENCH_REQUESTS', 200),
    baselineRequests: intFrom('BENCH_BASELINE_REQUESTS', 2000),
    warmup: intFrom('BENCH_WARMUP', 40, 0),
    prepConcurrency: intFrom('BENCH_PREP_CONCURRENCY', 8),
    logLevel: process.env.BENCH_LOG_LEVEL || 'info',
    startTimeoutMs: intFrom('BENCH_START_TIMEOUT', 120) * 1000,
    keepLogs: process.env.BENCH_KEEP_LOGS === '1',
  };
}

// Child processes: see scripts/bench/processes.mjs.
const bench = createProcessGroup({ label: 'bench-checkout', root });

// ---------------------------------------------------------------------------------------------
// The payment path: carts and tokens prepared (untimed), then only checkout-new is timed.
// ---------------------------------------------------------------------------------------------
const tirzepatidePlan = {
  id: 1,
  name: 'Tirzepatide',
  price: 224.99,
  retail_price: 349.97,
  quantity: 1,
  main_type: 'Prescription',
  category: 'primary',
  sku: 'tirz_plan_1',
  stripe_id: 'tirz_plan_1',
  sema_offer: 'default',
  tir_offer: 'default',
  currentGLPMed: 'No',
  currentDose: '',
};
const testCard = { number: '4242424242424242', exp_month: 12, exp_year: 2031, cvc: '123' };

async function postJson(baseUrl, path, body) {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30000),
  });
  const text = await res.text();
  if (res.status !== 200)
    throw new Error(`POST ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

async function inParallel(count, concurrency, task) {
  const out = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}

/** The buyer a guest's checkout names (its order's account is made from it): one email each. */
function guestBuyer() {
  return {
    first_name: 'Bench',
    last_name: 'Guest',
    email: `bench.${randomUUID()}@example.com`,
    phone: '5125550123',
  };
}

/**
 * Checkout-new requests, each for its own fresh cart (saved without a session, so a guest's: the
 * payment also makes the buyer's account) and card token.
 */
async function prepareCheckouts(baseUrl, count, concurrency) {
  return inParallel(count, concurrency, async () => {
    const [cart, token] = await Promise.all([
      postJson(baseUrl, '/forms/save-cart', tirzepatidePlan),
      postJson(baseUrl, '/sandbox/v1/tokens', { card: testCard }),
    ]);
    return request({
      payment_terms: 6,
      id: cart.id,
      cardToken: token.id,
      amount: 134982,
      medication: 'Tirzepatide',
      paymentMethod: 'card',
      shippingAddress: { addressLine1: '500 Main St', city: 'Dallas', state: 'TX', zip: '75201' },
      guest: guestBuyer(),
    });
  });
}

/** The baseline gets the same kind of body (a fake cart id and token) to parse. */
function baselineRequests(count) {
  return Array.from({ length: count }, () =>
    request({
      payment_terms: 6,
      id: randomUUID(),
      cardToken: `tok_${randomBytes(12).toString('hex')}`,
      amount: 134982,
      medication: 'Tirzepatide',
      paymentMethod: 'card',
      shippingAddress: { addressLine1: '500 Main St', city: 'Dallas', state: 'TX', zip: '75201' },
      guest: guestBuyer(),
    }),
  );
}

function request(body) {
  const payload = Buffer.from(JSON.stringify(body));
  return {
    payload,
    headers: {
      'content-type': 'application/json',
      'content-length': String(payload.length),
      'idempotency-key': randomUUID(),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Load generator: closed loop, `concurrency` keep-alive connections, each sending the next
// prepared request as soon as its previous answer is fully read.
// ---------------------------------------------------------------------------------------------
async function runLoad(baseUrl, concurrency, requests) {
  const target = new URL('/api/checkout-new', baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = new Float64Array(requests.length);
  const statuses = new Map();
  const samples = [];
  let errors = 0;
  let next = 0;

  const one = (r, i) =>
    new Promise((resolve) => {
      const started = process.hrtime.bigint();
      const failed = (what, detail) => {
        latencies[i] = Number(process.hrtime.bigint() - started) / 1e6;
        errors++;
        statuses.set(what, (statuses.get(what) ?? 0) + 1);
        if (samples.length < 3) samples.push(`${what}: ${detail}`);
        resolve();
      };
      const req = http.request(
        {
          agent,
          hostname: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          headers: r.headers,
        },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('error', (err) => failed('response error', err.message));
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            if (status < 200 || status > 299)
              return failed(`HTTP ${status}`, Buffer.concat(chunks).toString().slice(0, 240));
            latencies[i] = Number(process.hrtime.bigint() - started) / 1e6;
            statuses.set(`HTTP ${status}`, (statuses.get(`HTTP ${status}`) ?? 0) + 1);
            resolve();
          });
        },
      );
      req.setTimeout(60000, () => req.destroy(new Error('no answer within 60s')));
      req.on('error', (err) => failed('request error', err.message));
      req.end(r.payload);
    });

  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, requests.length) }, async () => {
      while (next < requests.length) {
        const i = next++;
        await one(requests[i], i);
      }
    }),
  );
  const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
  agent.destroy();
  return summarize([{ latencies, elapsedMs, errors, statuses, samples }]);
}

/** Throughput over the runs' summed wall time and percentiles over all their latencies. */
function summarize(runs) {
  const sorted = runs.flatMap((r) => Array.from(r.latencies)).sort((a, b) => a - b);
  const pct = (p) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
  const statuses = new Map();
  for (const r of runs)
    for (const [k, n] of r.statuses) statuses.set(k, (statuses.get(k) ?? 0) + n);
  const elapsedMs = runs.reduce((sum, r) => sum + r.elapsedMs, 0);
  return {
    runs,
    count: sorted.length,
    elapsedMs,
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    statuses,
    samples: runs.flatMap((r) => r.samples).slice(0, 3),
    rps: sorted.length / (elapsedMs / 1000),
    p50: pct(0.5),
    p99: pct(0.99),
  };
}

// ---------------------------------------------------------------------------------------------
// Measuring one phase (one product set-up) against the baseline, and the report.
// ---------------------------------------------------------------------------------------------
const totals = { checkout: 0, checkoutErrors: 0, baseline: 0, baselineErrors: 0 };
const errorReports = [];

function account(phase, level, kind, result) {
  totals[kind] += result.count;
  totals[`${kind}Errors`] += result.errors;
  if (result.errors > 0)
    errorReports.push(
      `${phase}, ${level}, ${kind}: ${result.errors}/${result.count} errors (` +
        [...result.statuses].map(([s, n]) => `${s} x${n}`).join(', ') +
        `)\n      e.g. ${result.samples.join('\n      e.g. ')}`,
    );
}

const fmt = {
  rps: (n) => n.toFixed(1),
  ms: (n) => n.toFixed(1),
  ratio: (n) =>
    n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n >= 1 ? n.toFixed(2) : n.toFixed(3),
};
const columns = [
  ['conc', 5],
  ['checkout req/s', 15],
  ['checkout p99 ms', 16],
  ['baseline req/s', 15],
  ['baseline p99 ms', 16],
  ['req/s ratio', 12],
  ['p99 ratio', 10],
  ['errors', 7],
];
const row = (cells) => cells.map((c, i) => String(c).padStart(columns[i][1])).join(' ');

/** CPU ticks (user + system) a process has used so far; null where /proc is not available. */
function cpuTicks(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime, stime
  } catch {
    return null;
  }
}

/**
 * Waits (at most `maxMs`) until the product's processes are nearly idle, so the work a previous
 * step left behind (events, relays, jobs) does not run during the next timed step on this
 * 2-core machine. Where /proc is missing it just waits a moment.
 */
let settledMs = 0;
async function settle(pids, maxMs = 5000) {
  const started = Date.now();
  const deadline = started + maxMs;
  const total = () => pids.reduce((sum, pid) => sum + (cpuTicks(pid) ?? NaN), 0);
  // Idle enough: under ~8% of a core in 250 ms (a tick is usually 10 ms), at least a tick per
  // process for the timers (queue polls, heartbeats) each runs when idle.
  const idleTicks = Math.max(2, pids.length);
  let before = total();
  try {
    if (Number.isNaN(before)) return await new Promise((r) => setTimeout(r, 300));
    while (Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      const now = total();
      if (now - before <= idleTicks) return;
      before = now;
    }
  } finally {
    settledMs += Date.now() - started;
  }
}

async function measurePhase(phase, checkoutBase, baselineBase, cfg, productPids) {
  console.log(`\n== ${phase} ==`);
  const prepStarted = Date.now();
  if (cfg.warmup > 0) {
    const warm = await prepareCheckouts(checkoutBase, cfg.warmup, cfg.prepConcurrency);
    account(phase, 'warm-up', 'checkout', await runLoad(checkoutBase, 4, warm));
    account(
      phase,
      'warm-up',
      'baseline',
      await runLoad(baselineBase, 4, baselineRequests(cfg.warmup * 10)),
    );
  }
  await settle(productPids);
  settledMs = 0;
  console.log(
    `   (warm-up ${cfg.warmup} checkouts in ${((Date.now() - prepStarted) / 1000).toFixed(1)}s; ratio = checkout / baseline)`,
  );
  console.log(row(columns.map(([name]) => name)));
  const results = [];
  for (const level of cfg.levels) {
    const count = Math.max(cfg.requests, level);
    const prepared = await prepareCheckouts(checkoutBase, count, cfg.prepConcurrency);
    // The baseline runs half before and half after checkout, so that a change in what else this
    // machine is doing weighs on both sides of the ratio alike.
    const half = Math.max(Math.ceil(cfg.baselineRequests / 2), level);
    await settle(productPids);
    const before = await runLoad(baselineBase, level, baselineRequests(half));
    await settle(productPids, 1000);
    const checkout = await runLoad(checkoutBase, level, prepared);
    await settle(productPids);
    const after = await runLoad(baselineBase, level, baselineRequests(half));
    const baseline = summarize([...before.runs, ...after.runs]);
    if (bench.stopping) await new Promise(() => {}); // interrupted: the signal handler exits
    account(phase, `c=${level}`, 'baseline', baseline);
    account(phase, `c=${level}`, 'checkout', checkout);
    console.log(
      row([
        level,
        fmt.rps(checkout.rps),
        fmt.ms(checkout.p99),
        fmt.rps(baseline.rps),
        fmt.ms(baseline.p99),
        fmt.ratio(checkout.rps / baseline.rps),
        fmt.ratio(checkout.p99 / baseline.p99),
        checkout.errors + baseline.errors,
      ]),
    );
    results.push({ level, checkout, baseline });
  }
  console.log(
    `   (waited ${(settledMs / 1000).toFixed(1)}s in all, untimed, for the product to go idle between runs)`,
  );
  settledMs = 0;
  return results;
}

// ---------------------------------------------------------------------------------------------
// Set-ups
// ---------------------------------------------------------------------------------------------
const stripeVars = [
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_API_BASE',
];

/** The product's environment: the sandbox processor (never Stripe), the chosen log level. */
function productEnv(cfg, extra) {
  const env = { ...process.env, LOG_LEVEL: cfg.logLevel, ...extra };
  for (const name of stripeVars) delete env[name];
  return env;
}

async function runSingle(cfg, baselineUrl) {
  const port = await freePort();
  const env = productEnv(cfg, { PORT: String(port), DATA_DIR: ':memory:' });
  // Single node means the embedded engines, whatever this shell has exported for cluster mode.
  for (const name of ['DATABASE_URL', 'KAFKA_BROKERS', 'REDIS_URL']) delete env[name];
  const started = Date.now();
  const product = bench.startTsService('single-node', 'services/gateway/src/main.ts', env);
  const url = `http://${HOST}:${port}`;
  await waitReady('single-node product', url, '/readyz', cfg.startTimeoutMs);
  console.log(
    `\nsingle-node product (pid ${product.pid}) ready on ${url} in ${((Date.now() - started) / 1000).toFixed(1)}s: ` +
      'gateway + every service in one process, PGlite in memory, sandbox card processor',
  );
  await measurePhase(
    'single node: 1 checkout (in-process behind the gateway)',
    url,
    baselineUrl,
    cfg,
    [product.pid],
  );
  await bench.stopProcesses([product]);
}

async function runCluster(cfg, baselineUrl) {
  const services = ['identity', 'checkout', 'intake', 'verification', 'forms', 'chat'];
  const ports = Object.fromEntries(
    await Promise.all(services.map(async (s) => [s, await freePort()])),
  );
  const checkout2Port = await freePort();
  const gatewayPort = await freePort();
  const checkoutUrls = [`http://${HOST}:${ports.checkout}`, `http://${HOST}:${checkout2Port}`];
  const started = Date.now();

  const balancer = await bench.startRole('balancer', selfPath, '__balancer', {
    BENCH_BALANCER_POOL: JSON.stringify(checkoutUrls.slice(0, 1)),
  });
  const urls = Object.fromEntries(
    services.map((s) => [
      `${s.toUpperCase()}_URL`,
      s === 'checkout' ? balancer.url : `http://${HOST}:${ports[s]}`,
    ]),
  );
  const base = productEnv(cfg, { ...urls, INTERNAL_SECRET: randomBytes(32).toString('base64url') });
  const procs = [];
  for (const s of services)
    procs.push(
      bench.startTsService(s, `services/${s}/src/main.ts`, { ...base, PORT: String(ports[s]) }),
    );
  // The second instance starts once the first has migrated checkout's schema.
  await waitReady('checkout #1', checkoutUrls[0], '/readyz', cfg.startTimeoutMs);
  procs.push(
    bench.startTsService('checkout-2', 'services/checkout/src/main.ts', {
      ...base,
      PORT: String(checkout2Port),
    }),
  );
  await waitReady('checkout #2', checkoutUrls[1], '/readyz', cfg.startTimeoutMs);
  procs.push(
    bench.startTsService('gateway', 'services/gateway/src/cluster-main.ts', {
      ...base,
      PORT: String(gatewayPort),
    }),
  );
  const url = `http://${HOST}:${gatewayPort}`;
  await waitReady('gateway (cluster)', url, '/readyz', cfg.startTimeoutMs);
  console.log(
    `\ncluster ready on ${url} in ${((Date.now() - started) / 1000).toFixed(1)}s: ${services.length} services + ` +
      `a second checkout + gateway, each its own process, on ${redact(process.env.DATABASE_URL)}, ` +
      `Kafka ${process.env.KAFKA_BROKERS}, ${redact(process.env.REDIS_URL)}; sandbox card processor.\n` +
      `The gateway takes one CHECKOUT_URL, so it points at this script's round-robin balancer ` +
      `(pid ${balancer.child.pid}, ${balancer.url}) in front of checkout ${checkoutUrls.join(' and ')}.`,
  );

  const pids = [...procs, balancer.child].map((p) => p.pid);
  await setPool(balancer.child, checkoutUrls.slice(0, 1));
  await measurePhase(
    'cluster: 1 checkout process (gateway -> balancer -> checkout)',
    url,
    baselineUrl,
    cfg,
    pids,
  );
  await setPool(balancer.child, checkoutUrls);
  await measurePhase(
    'cluster: 2 checkout processes (gateway -> balancer, round robin)',
    url,
    baselineUrl,
    cfg,
    pids,
  );
  await bench.stopProcesses([procs.at(-1)]); // the gateway first, then the services and the balancer
  await bench.stopProcesses([...procs.slice(0, -1), balancer.child]);
}

function redact(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return String(url);
  }
}

async function setPool(child, pool) {
  await new Promise((resolve) => {
    child.once('message', resolve);
    child.send({ pool });
  });
}

async function main() {
  bench.installCleanup();
  const mode = process.argv[2] ?? 'single';
  if (mode === '-h' || mode === '--help') usage();
  if (!['single', 'cluster', 'all'].includes(mode)) usage(`unknown mode "${mode}"`);
  const cfg = settings();
  if (mode !== 'single') {
    const missing = ['DATABASE_URL', 'KAFKA_BROKERS', 'REDIS_URL'].filter((n) => !process.env[n]);
    if (missing.length > 0) {
      console.error(
        `bench-checkout: ${mode} mode needs ${missing.join(', ')}. Start the engines and export them with:\n` +
          '  eval "$(infra/local/up.sh --env)"',
      );
      process.exit(1);
    }
  }
  for (const dep of ['tsx', 'express'])
    if (!existsSync(join(root, 'node_modules', dep, 'package.json'))) {
      console.error(`bench-checkout: ${dep} is not installed; run npm install first`);
      process.exit(1);
    }
  const stripped = stripeVars.filter((n) => process.env[n]);

  bench.openLogDir(cfg.keepLogs);
  console.log(
    `bench-checkout: mode ${mode}; levels ${cfg.levels.join(',')}; timed requests per level: ` +
      `${cfg.requests} checkout-new, ${cfg.baselineRequests} baseline; ` +
      `warm-up ${cfg.warmup}; product LOG_LEVEL=${cfg.logLevel}\n` +
      `node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim() ?? '?'}); ` +
      'the load generator, the baseline and the product share this machine.' +
      (stripped.length
        ? `\n${stripped.join(', ')} ignored: the benchmark uses the sandbox processor.`
        : ''),
  );

  const baseline = await bench.startRole('baseline', selfPath, '__baseline');
  console.log(
    `baseline: bare Express POST /api/checkout-new (pid ${baseline.child.pid}) on ${baseline.url}`,
  );

  if (mode === 'single' || mode === 'all') await runSingle(cfg, baseline.url);
  if (mode === 'cluster' || mode === 'all') await runCluster(cfg, baseline.url);

  const rate = totals.checkout ? totals.checkoutErrors / totals.checkout : 0;
  console.log(
    `\ncheckout-new: ${totals.checkout} requests, ${totals.checkoutErrors} errors (${(rate * 100).toFixed(2)}%); ` +
      `baseline: ${totals.baseline} requests, ${totals.baselineErrors} errors`,
  );
  for (const report of errorReports) console.log(`  ${report}`);
  await bench.stopChildren();
  const broken = rate > 0.01 || totals.baselineErrors > totals.baseline * 0.01;
  if (broken) {
    bench.keepLogs();
    console.error('bench-checkout: BROKEN: more than 1% of the requests failed (see above)');
  }
  bench.removeLogDir();
  process.exit(broken ? 1 : 0);
}

// The dispatch comes last so that every module-level binding above is initialised.
const role = process.argv[2];
if (role === '__baseline') await runBaselineServer();
else if (role === '__balancer') runBalancer();
else await main();
