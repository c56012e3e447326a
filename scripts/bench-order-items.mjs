// `npm run bench:order-items`: GET /api/order-items, the portal's hottest read, against a bare
// Express handler answering the same body, measured in the same run, printing req/s and p99 for
// both and their ratio (the goal: at least 0.5). Timings depend on the machine, so nothing is
// gated on them: the script exits 0 unless something is broken (a process dies, the demo
// patient's orders never show, or more than 1% of the answers are errors, another status than
// 200, or a body of another length than the view's).
//
// The product runs in one process as `npm start` runs it (single node, PGlite in memory), from
// services/gateway/src/order-items/testing/bench-product.ts: once it is up, the demo patient's
// orders are published on its bus as the services publish them (BENCH_ORDERS orders: payments,
// assessments, prescriptions, shipments, deliveries, refills), so the view measured is the one
// the gateway built from the events. The process runs with NODE_ENV=production (no response
// contract check, as deployed). The request carries the patient's bearer token: each one is a
// session check with identity, the signed principal, and the gateway's indexed read.
//
// Each level is measured in BENCH_ROUNDS rounds alternating with the baseline (baseline, target,
// baseline, target, ...), so a change in what else this shared machine does weighs on both sides.
//
// Settings (environment):
//   BENCH_LEVELS=1,8,32       concurrency levels (closed loop: that many requests in flight)
//   BENCH_REQUESTS=4000       timed requests per level (and as many for the baseline)
//   BENCH_ROUNDS=4            rounds each side's requests are split into
//   BENCH_WARMUP=1000         untimed requests before the first level
//   BENCH_ORDERS=6            the demo patient's orders (every third also has a refill item)
//   BENCH_LOG_LEVEL=warn      LOG_LEVEL of the product (its log goes to a temp file)
//   BENCH_START_TIMEOUT=120   seconds to wait for the product to become ready
//   BENCH_KEEP_LOGS=1         keep the temp dir with the processes' logs (always kept on failure)
import { existsSync } from 'node:fs';
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
import { createTally, runLoad, summarize } from './bench/closed-loop.mjs';

const selfPath = fileURLToPath(import.meta.url);
const root = join(dirname(selfPath), '..');
const PATH = '/api/order-items';
const DEMO_PATIENT = { email: 'patient@demo.glp-clinic.local', password: 'demo-patient-2026' };

// ---------------------------------------------------------------------------------------------
// Child role: the baseline runs in its own process, so it shares no event loop with the load
// generator (the product does not either).
// ---------------------------------------------------------------------------------------------
/** The baseline: a bare Express app whose one handler answers the view's body with res.json. */
async function runBaselineServer() {
  const { default: express } = await import('express');
  const body = JSON.parse(process.env.BENCH_VIEW_BODY ?? 'null');
  const app = express();
  app.get(PATH, (_req, res) => {
    res.json(body);
  });
  const server = app.listen(0, HOST, () => process.send?.({ port: server.address().port }));
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
  process.on('disconnect', () => process.exit(0));
}

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------
const intFrom = (name, fallback, min = 1) => intSetting(name, fallback, min, usage);

function usage(problem) {
  if (problem) console.error(`bench-order-items: ${problem}`);
  console.error(
    'usage: node scripts/bench-order-items.mjs\n' +
      '  env: BENCH_LEVELS=1,8,32 BENCH_REQUESTS=4000 BENCH_ROUNDS=4 BENCH_WARMUP=1000\n' +
      '       BENCH_ORDERS=6 BENCH_LOG_LEVEL=warn BENCH_START_TIMEOUT=120 BENCH_KEEP_LOGS=1',
  );
  process.exit(problem ? 2 : 0);
}

function settings() {
  const levels = (process.env.BENCH_LEVELS ?? '1,8,32')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map(Number);
  if (levels.length === 0 || levels.some((n) => !Number.isInteger(n) || n < 1))
    usage(`BENCH_LEVELS must be a comma-separated list of positive integers`);
  return {
    levels,
    requests: intFrom('BENCH_REQUESTS', 4000),
    rounds: intFrom('BENCH_ROUNDS', 4),
    warmup: intFrom('BENCH_WARMUP', 1000, 0),
    orders: intFrom('BENCH_ORDERS', 6),
    logLevel: process.env.BENCH_LOG_LEVEL || 'warn',
    startTimeoutMs: intFrom('BENCH_START_TIMEOUT', 120) * 1000,
    keepLogs: process.env.BENCH_KEEP_LOGS === '1',
  };
}

// Child processes: see scripts/bench/processes.mjs.
const bench = createProcessGroup({ label: 'bench-order-items', root });

// ---------------------------------------------------------------------------------------------
// Measuring and reporting
// ---------------------------------------------------------------------------------------------
const { totals, errorReports, account } = createTally();
/** The measured call at a base URL. */
const load = (baseUrl, concurrency, count, expect) =>
  runLoad(new URL(PATH, baseUrl).href, concurrency, count, expect);

const fmt = {
  rps: (n) => n.toFixed(1),
  ms: (n) => n.toFixed(2),
  ratio: (n) => (n >= 10 ? n.toFixed(1) : n.toFixed(2)),
};
const columns = [
  ['conc', 5],
  ['order-items req/s', 18],
  ['p99 ms', 8],
  ['baseline req/s', 15],
  ['baseline p99 ms', 16],
  ['req/s ratio', 12],
  ['p99 ratio', 10],
  ['errors', 7],
];
const row = (cells) => cells.map((c, i) => String(c).padStart(columns[i][1])).join(' ');

async function login(url) {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_PATIENT),
    signal: AbortSignal.timeout(10000),
  });
  if (res.status !== 200) throw new Error(`the demo patient cannot log in: HTTP ${res.status}`);
  return (await res.json()).token;
}

async function fetchView(url, token) {
  const res = await fetch(`${url}${PATH}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(10000),
  });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`${PATH} answered ${res.status}: ${body.toString()}`);
  return body;
}

/**
 * The view once the product is done with the published events (and whatever the services did
 * in turn): the expected items are there and two answers a second apart are the same.
 */
async function settledView(url, token, expectedItems, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let previous = null;
  for (;;) {
    const body = await fetchView(url, token);
    const items = JSON.parse(body.toString()).orders.length;
    if (items >= expectedItems && previous?.equals(body)) return body;
    if (Date.now() > deadline)
      throw new Error(`the view did not settle: ${items} of ${expectedItems} items`);
    previous = body;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

async function main() {
  bench.installCleanup();
  if (process.argv[2] === '-h' || process.argv[2] === '--help') usage();
  const cfg = settings();
  for (const dep of ['tsx', 'express'])
    if (!existsSync(join(root, 'node_modules', dep, 'package.json'))) {
      console.error(`bench-order-items: ${dep} is not installed; run npm install first`);
      process.exit(1);
    }
  bench.openLogDir(cfg.keepLogs);
  console.log(
    `bench-order-items: levels ${cfg.levels.join(',')}; ${cfg.requests} timed requests per level ` +
      `in ${cfg.rounds} rounds alternating with as many baseline requests; warm-up ${cfg.warmup}; ` +
      `NODE_ENV=production, LOG_LEVEL=${cfg.logLevel}\n` +
      `node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim() ?? '?'}); ` +
      'the load generator, the baseline and the product share this machine.\n' +
      'baseline: a bare Express app answering the same body with res.json (its own process); ' +
      'ratio = order-items / baseline',
  );

  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: cfg.logLevel,
    PORT: String(port),
    DATA_DIR: ':memory:',
    BENCH_ORDERS: String(cfg.orders),
  };
  // Single node means the embedded engines, whatever this shell has exported for cluster mode.
  for (const name of ['DATABASE_URL', 'KAFKA_BROKERS', 'REDIS_URL']) delete env[name];
  const started = Date.now();
  const product = bench.startTsService(
    'single-node',
    'services/gateway/src/order-items/testing/bench-product.ts',
    env,
  );
  const url = `http://${HOST}:${port}`;
  await waitReady('single-node product', url, '/readyz', cfg.startTimeoutMs);
  const token = await login(url);
  const expectedItems = cfg.orders + Math.ceil(cfg.orders / 3);
  const view = await settledView(url, token, expectedItems, cfg.startTimeoutMs);
  const parsed = JSON.parse(view.toString());
  console.log(
    `\n== single node (pid ${product.pid}, ready in ${((Date.now() - started) / 1000).toFixed(1)}s): ` +
      'gateway + every service in-process, PGlite in memory ==\n' +
      `   the demo patient's view: ${parsed.orders.length} items of ${cfg.orders} orders, ` +
      `${view.length} bytes, health_id ${parsed.health_id === null ? 'null' : 'set'}`,
  );
  const baseline = await bench.startRole('baseline', selfPath, '__baseline', {
    NODE_ENV: 'production',
    BENCH_VIEW_BODY: view.toString(),
  });

  const target = {
    status: 200,
    length: view.length,
    headers: { authorization: `Bearer ${token}` },
  };
  const bare = { status: 200, length: view.length, headers: {} };
  if (cfg.warmup > 0) {
    account('order-items warm-up', summarize([await load(url, 8, cfg.warmup, target)]));
    account('baseline warm-up', summarize([await load(baseline.url, 8, cfg.warmup, bare)]));
  }
  console.log(row(columns.map(([name]) => name)));
  for (const level of cfg.levels) {
    const perRound = Math.max(level, Math.ceil(cfg.requests / cfg.rounds));
    const mine = [];
    const base = [];
    for (let r = 0; r < cfg.rounds; r++) {
      base.push(await load(baseline.url, level, perRound, bare));
      mine.push(await load(url, level, perRound, target));
    }
    const m = summarize(mine);
    const b = summarize(base);
    account(`order-items c=${level}`, m);
    account(`baseline c=${level}`, b);
    console.log(
      row([
        level,
        fmt.rps(m.rps),
        fmt.ms(m.p99),
        fmt.rps(b.rps),
        fmt.ms(b.p99),
        fmt.ratio(m.rps / b.rps),
        fmt.ratio(m.p99 / b.p99),
        m.errors + b.errors,
      ]),
    );
  }

  const rate = totals.requests ? totals.errors / totals.requests : 0;
  console.log(
    `\n${totals.requests} requests, ${totals.errors} errors (${(rate * 100).toFixed(2)}%)`,
  );
  for (const report of errorReports) console.log(`  ${report}`);
  await bench.stopChildren();
  const broken = rate > 0.01;
  if (broken) {
    bench.keepLogs();
    console.error('bench-order-items: BROKEN: more than 1% of the requests failed (see above)');
  }
  bench.removeLogDir();
  process.exit(broken ? 1 : 0);
}

if (process.argv[2] === '__baseline') await runBaselineServer();
else await main();
