// `npm run bench:routes [-- single|cluster|all]`: the product's main routes, each against a bare
// Express handler (same method and path, a fixed small JSON) started in the same run, printing
// one table: req/s and p99 of each route and of the baseline, and their ratios. Plus, in single
// mode, the cold start: from spawning the product with a fresh DATA_DIR to /readyz answering 200
// and to the first 200 of GET /api/get-all-products (median of BENCH_COLD_STARTS starts).
// Timings depend on the machine, so nothing is gated on them: the script exits 0 unless
// something is broken (a process dies, preparing requests fails, or more than 1% of a route's
// answers or of the baseline's are errors or non-2xx).
//
//   single   (default) the product in one process (`npm start`), PGlite in memory
//   cluster  `npm run start:cluster` (every service its own process, production build, on
//            PostgreSQL, Kafka and Redis); needs DATABASE_URL, KAFKA_BROKERS and REDIS_URL:
//              eval "$(infra/local/up.sh --env)"
//   all      single, then cluster
//
// The routes, each request prepared untimed:
//   GET  /api/get-all-products  the catalog
//   POST /api/intake-form       the quiz, a new email each (the product runs with the per-address
//                               quiz limit raised: every request comes from 127.0.0.1)
//   POST /api/checkout-new      a guest's fresh cart and card token each (sandbox processor)
//   GET  /api/order-items       as BENCH_PATIENTS patients who took the quiz and paid, in turn
//   GET  /api/subscription-items  the same patients
// Each level runs half the baseline's requests before the route and half after, so a change in
// what else this shared machine does weighs on both sides of the ratio alike.
//
// Settings (environment):
//   BENCH_LEVELS=1,16         concurrency levels (closed loop: that many requests in flight)
//   BENCH_REQUESTS=300        timed requests per route and level
//   BENCH_BASELINE_REQUESTS=600  timed baseline requests per route and level
//   BENCH_WARMUP=30           untimed requests per route (and as many baseline ones) per mode
//   BENCH_PATIENTS=8          paying patients whose portal reads are measured
//   BENCH_COLD_STARTS=3       cold starts measured (single mode)
//   BENCH_PREP_CONCURRENCY=8  concurrency for preparing requests (untimed)
//   BENCH_LOG_LEVEL=warn      LOG_LEVEL of the product's processes (their logs go to temp files)
//   BENCH_START_TIMEOUT=120   seconds to wait for the product to become ready
//   BENCH_KEEP_LOGS=1         keep the temp dir with the processes' logs (always kept on failure)
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
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
import {
  cardToken,
  checkoutBaselineRequests,
  inParallel,
  jsonRequest,
  patientCheckout,
  postJson,
  prepareCheckouts,
  tirzepatidePlan,
} from './bench/checkout-requests.mjs';
import { createTally, runPrepared, summarize } from './bench/closed-loop.mjs';
import { productEnv, startCluster, stripeVars } from './bench/cluster.mjs';
import { settle } from './bench/idle.mjs';
import { median, routeTable } from './bench/route-table.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const label = 'bench-routes';

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------
const intFrom = (name, fallback, min = 1) => intSetting(name, fallback, min, usage);

function usage(problem) {
  if (problem) console.error(`${label}: ${problem}`);
  console.error(
    'usage: npm run bench:routes [-- single|cluster|all]\n' +
      '  env: BENCH_LEVELS=1,16 BENCH_REQUESTS=300 BENCH_BASELINE_REQUESTS=600 BENCH_WARMUP=30\n' +
      '       BENCH_PATIENTS=8 BENCH_COLD_STARTS=3 BENCH_PREP_CONCURRENCY=8\n' +
      '       BENCH_LOG_LEVEL=warn BENCH_START_TIMEOUT=120 BENCH_KEEP_LOGS=1\n' +
      '  cluster mode needs DATABASE_URL, KAFKA_BROKERS, REDIS_URL: eval "$(infra/local/up.sh --env)"',
  );
  process.exit(problem ? 2 : 0);
}

function settings() {
  const levels = (process.env.BENCH_LEVELS ?? '1,16')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map(Number);
  if (levels.length === 0 || levels.some((n) => !Number.isInteger(n) || n < 1))
    usage(`BENCH_LEVELS must be a comma-separated list of positive integers`);
  return {
    levels,
    requests: intFrom('BENCH_REQUESTS', 300),
    baselineRequests: intFrom('BENCH_BASELINE_REQUESTS', 600),
    warmup: intFrom('BENCH_WARMUP', 30, 0),
    patients: intFrom('BENCH_PATIENTS', 8),
    coldStarts: intFrom('BENCH_COLD_STARTS', 3, 0),
    prepConcurrency: intFrom('BENCH_PREP_CONCURRENCY', 8),
    logLevel: process.env.BENCH_LOG_LEVEL || 'warn',
    startTimeoutMs: intFrom('BENCH_START_TIMEOUT', 120) * 1000,
    keepLogs: process.env.BENCH_KEEP_LOGS === '1',
    checkoutCpu: 0, // cluster: one checkout instance, uncapped
  };
}

// Every request comes from 127.0.0.1: the quiz's per-address hourly limit is raised for the run.
const PRODUCT_EXTRA_ENV = { QUIZ_SUBMISSIONS_PER_ADDRESS_HOUR: '1000000', NODE_ENV: 'production' };

const bench = createProcessGroup({ label, root });
const tally = { target: createTally(), baseline: createTally() };

// ---------------------------------------------------------------------------------------------
// The routes: each prepares its requests (untimed) for the product and for the baseline.
// ---------------------------------------------------------------------------------------------
/** Loaded lazily: the quiz's answers come from the journey tests' TypeScript (run under tsx). */
let quizAnswers;
const quiz = () => jsonRequest(quizAnswers(`bench.${randomUUID()}@example.com`));
const bearer = (token) => ({ headers: { authorization: `Bearer ${token}` } });
const inTurn = (tokens, count) =>
  Array.from({ length: count }, (_, i) => bearer(tokens[i % tokens.length]));
const gets = (count) => Array.from({ length: count }, () => ({ headers: {} }));

const routes = [
  {
    name: 'catalog',
    method: 'GET',
    path: '/api/get-all-products',
    prepare: async (_ctx, count) => gets(count),
    baseline: gets,
  },
  {
    name: 'intake-form',
    method: 'POST',
    path: '/api/intake-form',
    prepare: async (_ctx, count) => Array.from({ length: count }, quiz),
    baseline: (count) => Array.from({ length: count }, quiz),
  },
  {
    name: 'checkout-new',
    method: 'POST',
    path: '/api/checkout-new',
    prepare: (ctx, count) => prepareCheckouts(ctx.url, count, ctx.cfg.prepConcurrency),
    baseline: checkoutBaselineRequests,
  },
  {
    name: 'order-items',
    method: 'GET',
    path: '/api/order-items',
    prepare: async (ctx, count) => inTurn(ctx.patients, count),
    baseline: (count) => inTurn(['bench-baseline'], count),
  },
  {
    name: 'subscription-items',
    method: 'GET',
    path: '/api/subscription-items',
    prepare: async (ctx, count) => inTurn(ctx.patients, count),
    baseline: (count) => inTurn(['bench-baseline'], count),
  },
];

async function getJson(url, path, token) {
  const res = await fetch(`${url}${path}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(10000),
  });
  const text = await res.text();
  return { status: res.status, body: res.status === 200 ? JSON.parse(text) : text.slice(0, 300) };
}

/** Retries `step` until it returns a value (not undefined), or throws after `timeoutMs`. */
async function eventually(what, timeoutMs, step) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  for (;;) {
    try {
      const value = await step();
      if (value !== undefined) return value;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs / 1000}s (${last})`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Patients who paid, as the product makes them: the quiz (an account and a session), a cart saved
 * with that session once checkout knows the lead is eligible, a card payment; ready once their
 * portal shows the order and the subscription. Returns their sessions.
 */
async function preparePatients(url, cfg) {
  return inParallel(cfg.patients, cfg.prepConcurrency, async () => {
    const email = `bench.patient.${randomUUID()}@example.com`;
    const intake = await postJson(url, '/api/intake-form', quizAnswers(email));
    if (intake.status !== 'success' || !intake.token)
      throw new Error(`the quiz did not qualify the bench patient: ${intake.status}`);
    const session = intake.token;
    const cart = await eventually("checkout did not accept the patient's cart", 30000, () =>
      postJson(url, '/forms/save-cart', tirzepatidePlan, session),
    );
    const paid = patientCheckout(cart.id, await cardToken(url));
    const res = await fetch(`${url}/api/checkout-new`, {
      method: 'POST',
      headers: paid.headers,
      body: paid.payload,
      signal: AbortSignal.timeout(30000),
    });
    if (res.status !== 200)
      throw new Error(`the bench patient's payment answered ${res.status}: ${await res.text()}`);
    await eventually('the paid order did not show in the portal', 60000, async () => {
      const orders = await getJson(url, '/api/order-items', session);
      const subs = await getJson(url, '/api/subscription-items', session);
      if (orders.status !== 200) throw new Error(`order-items: ${orders.status} ${orders.body}`);
      if (subs.status !== 200) throw new Error(`subscription-items: ${subs.status} ${subs.body}`);
      return orders.body.orders.length > 0 && subs.body.subscriptions.length > 0 ? true : undefined;
    });
    return session;
  });
}

// ---------------------------------------------------------------------------------------------
// Measuring one mode (one product set-up) against the baseline.
// ---------------------------------------------------------------------------------------------
async function measureMode(mode, ctx, baselineUrl, pids) {
  const { cfg } = ctx;
  const rows = [];
  for (const route of routes) {
    const target = `${ctx.url}${route.path}`;
    const base = `${baselineUrl}${route.path}`;
    if (cfg.warmup > 0) {
      const warm = await route.prepare(ctx, cfg.warmup);
      tally.target.account(
        `${mode} ${route.name} warm-up`,
        summarize([await runPrepared(target, route.method, 4, warm)]),
      );
      tally.baseline.account(
        `${mode} ${route.name} baseline warm-up`,
        summarize([await runPrepared(base, route.method, 4, route.baseline(cfg.warmup))]),
      );
    }
    for (const level of cfg.levels) {
      const prepared = await route.prepare(ctx, Math.max(cfg.requests, level));
      const half = Math.max(Math.ceil(cfg.baselineRequests / 2), level);
      await settle(pids);
      const first = await runPrepared(base, route.method, level, route.baseline(half));
      await settle(pids, 1000);
      const measured = summarize([await runPrepared(target, route.method, level, prepared)]);
      await settle(pids);
      const after = await runPrepared(base, route.method, level, route.baseline(half));
      const baseline = summarize([first, after]);
      if (bench.stopping) await new Promise(() => {}); // interrupted: the signal handler exits
      tally.target.account(`${mode} ${route.name} c=${level}`, measured);
      tally.baseline.account(`${mode} ${route.name} baseline c=${level}`, baseline);
      const row = { route: route.name, mode, level, measured, baseline };
      console.log(`   ${routeTable([row]).split('\n')[2]}`);
      rows.push(row);
    }
  }
  return rows;
}

function singleEnv(cfg, extra) {
  const env = productEnv(cfg, { ...PRODUCT_EXTRA_ENV, ...extra });
  // Single node means the embedded engines, whatever this shell has exported for cluster mode.
  for (const name of ['DATABASE_URL', 'KAFKA_BROKERS', 'REDIS_URL']) delete env[name];
  return env;
}

async function runSingle(cfg, baselineUrl) {
  const port = await freePort();
  const started = Date.now();
  const product = bench.startTsService(
    'single-node',
    'services/gateway/src/main.ts',
    singleEnv(cfg, { PORT: String(port), DATA_DIR: ':memory:' }),
  );
  const url = `http://${HOST}:${port}`;
  await waitReady('single-node product', url, '/readyz', cfg.startTimeoutMs);
  const patients = await preparePatients(url, cfg);
  console.log(
    `\n== single node (pid ${product.pid}, ready in ${((Date.now() - started) / 1000).toFixed(1)}s): ` +
      `gateway + every service in one process, PGlite in memory; ${patients.length} paying patients prepared ==`,
  );
  const rows = await measureMode('single', { url, cfg, patients }, baselineUrl, [product.pid]);
  await bench.stopProcesses([product]);
  return rows;
}

async function runCluster(cfg, baselineUrl) {
  const { cluster, url, procs } = await startCluster(bench, cfg, 1, PRODUCT_EXTRA_ENV);
  const patients = await preparePatients(url, cfg);
  console.log(`== cluster: ${patients.length} paying patients prepared ==`);
  const rows = await measureMode(
    'cluster',
    { url, cfg, patients },
    baselineUrl,
    procs.map((p) => p.pid),
  );
  await bench.stopProcesses([cluster]);
  return rows;
}

/**
 * One cold start: the single-node product spawned with a fresh DATA_DIR (a new temp folder, so
 * PGlite creates and migrates its databases), timed to /readyz 200 and to the first 200 of the
 * catalog (polled every 20 ms).
 */
async function coldStart(cfg, n) {
  const dataDir = mkdtempSync(join(os.tmpdir(), `${label}-data-`));
  const port = await freePort();
  const url = `http://${HOST}:${port}`;
  const started = process.hrtime.bigint();
  const elapsed = () => Number(process.hrtime.bigint() - started) / 1e6;
  const product = bench.startTsService(
    `cold-start-${n}`,
    'services/gateway/src/main.ts',
    singleEnv(cfg, { PORT: String(port), DATA_DIR: dataDir }),
  );
  const firstOk = async (path) => {
    const deadline = Date.now() + cfg.startTimeoutMs;
    while (Date.now() < deadline) {
      const res = await fetch(`${url}${path}`, { signal: AbortSignal.timeout(3000) }).catch(
        () => undefined,
      );
      if (res) await res.arrayBuffer();
      if (res?.status === 200) return elapsed();
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(
      `cold start ${n}: ${path} did not answer 200 within ${cfg.startTimeoutMs / 1000}s`,
    );
  };
  try {
    const ready = await firstOk('/readyz');
    const catalog = await firstOk('/api/get-all-products');
    return { ready, catalog };
  } finally {
    await bench.stopProcesses([product]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measureColdStarts(cfg) {
  const runs = [];
  for (let i = 1; i <= cfg.coldStarts; i++) runs.push(await coldStart(cfg, i));
  return {
    runs,
    ready: median(runs.map((r) => r.ready)),
    catalog: median(runs.map((r) => r.catalog)),
  };
}

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------
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
        `${label}: ${mode} mode needs ${missing.join(', ')}. Start the engines and export them with:\n` +
          '  eval "$(infra/local/up.sh --env)"',
      );
      process.exit(1);
    }
  }
  for (const dep of ['tsx', 'express', 'esbuild'])
    if (!existsSync(join(root, 'node_modules', dep, 'package.json'))) {
      console.error(`${label}: ${dep} is not installed; run npm install first`);
      process.exit(1);
    }
  ({ quizAnswers } = await import('../services/gateway/src/testing/patient-journey.ts'));
  const stripped = stripeVars.filter((n) => process.env[n]);
  const machine =
    `${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim() ?? '?'}), ` +
    `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${os.type()} ${os.release()}, node ${process.version}`;

  bench.openLogDir(cfg.keepLogs);
  console.log(
    `${label}: mode ${mode}; levels ${cfg.levels.join(',')}; timed requests per route and level: ` +
      `${cfg.requests} (baseline ${cfg.baselineRequests}); warm-up ${cfg.warmup}; ` +
      `product NODE_ENV=production, LOG_LEVEL=${cfg.logLevel}\n` +
      `machine: ${machine}; the load generator, the baseline and the product share it.` +
      (stripped.length
        ? `\n${stripped.join(', ')} ignored: the benchmark uses the sandbox processor.`
        : ''),
  );
  const baseline = await bench.startRole(
    'baseline',
    join(root, 'scripts/bench/baseline-server.mjs'),
    '__baseline',
    {
      NODE_ENV: 'production',
      BENCH_BASELINE_ROUTES: JSON.stringify(routes.map((r) => [r.method, r.path])),
    },
  );
  console.log(
    `baseline: bare Express, the same methods and paths answering a fixed small JSON (pid ${baseline.child.pid})`,
  );

  const runStarted = Date.now();
  const rows = [];
  let cold;
  if (mode === 'single' || mode === 'all') {
    rows.push(...(await runSingle(cfg, baseline.url)));
    if (cfg.coldStarts > 0) cold = await measureColdStarts(cfg);
  }
  if (mode === 'cluster' || mode === 'all') rows.push(...(await runCluster(cfg, baseline.url)));

  console.log(
    `\n== routes against a bare Express handler, same run (ratio = route / baseline) ==\n` +
      `machine: ${machine}; ${new Date().toISOString().slice(0, 10)}; ` +
      `load average ${os.loadavg()[1].toFixed(1)} over the last 5 min (other work on it skews ratios); ` +
      `${cfg.requests} timed requests per route and level, run in ${((Date.now() - runStarted) / 1000).toFixed(0)}s\n` +
      routeTable(rows),
  );
  if (cold)
    console.log(
      `\ncold start (single node, fresh DATA_DIR, median of ${cold.runs.length}): ` +
        `/readyz 200 after ${(cold.ready / 1000).toFixed(2)}s, first catalog 200 after ${(cold.catalog / 1000).toFixed(2)}s` +
        ` (runs: ${cold.runs.map((r) => `${(r.ready / 1000).toFixed(2)}/${(r.catalog / 1000).toFixed(2)}s`).join(', ')})`,
    );

  const broken = [];
  for (const [kind, t] of Object.entries(tally)) {
    const rate = t.totals.requests ? t.totals.errors / t.totals.requests : 0;
    console.log(
      `${kind}: ${t.totals.requests} requests, ${t.totals.errors} errors (${(rate * 100).toFixed(2)}%)`,
    );
    for (const report of t.errorReports) console.log(`  ${report}`);
  }
  for (const r of rows)
    for (const [kind, result] of [
      [r.route, r.measured],
      ['baseline', r.baseline],
    ])
      if (result.errors > result.count * 0.01)
        broken.push(`${r.mode} ${kind} c=${r.level}: ${result.errors}/${result.count} errors`);
  await bench.stopChildren();
  if (broken.length > 0) {
    bench.keepLogs();
    console.error(
      `${label}: BROKEN: more than 1% of the requests failed:\n  ${broken.join('\n  ')}`,
    );
  }
  bench.removeLogDir();
  process.exit(broken.length > 0 ? 1 : 0);
}

await main();
