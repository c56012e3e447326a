// `npm run bench:catalog [-- single|proxied|all]`: GET /api/get-all-products against a bare Express
// handler answering the same body, measured in the same run, printing req/s and p99 for both and
// their ratio. Timings depend on the machine, so nothing is gated on them: the script exits 0
// unless something is broken (a process dies, or more than 1% of the answers are errors, another
// status than expected, or a body of another length than the catalog's).
//
//   single   (default) the product in one process (`npm start`), PGlite in memory: the gateway
//            with checkout mounted in-process
//   proxied  checkout in its own process (embedded engines) and the cluster gateway proxying to
//            it over HTTP, measured through the gateway and at checkout directly (the two hops)
//   all      single, then proxied
//
// Every process runs with NODE_ENV=production (no response contract check, as deployed). Each
// target is measured in BENCH_ROUNDS rounds alternating with the baseline (baseline, target,
// baseline, target, ...), so a change in what else this shared machine does weighs on both sides
// of the ratio alike. Targets: the full answer (200), and a revalidation with the ETag of the
// first answer in If-None-Match (the 304 a browser's or CDN's cached copy costs).
//
// Settings (environment):
//   BENCH_LEVELS=1,32         concurrency levels (closed loop: that many requests in flight)
//   BENCH_REQUESTS=4000       timed requests per target and level (and as many for the baseline)
//   BENCH_ROUNDS=4            rounds each side's requests are split into
//   BENCH_WARMUP=1000         untimed requests per target before its first level
//   BENCH_LOG_LEVEL=info      LOG_LEVEL of the product's processes (their logs go to temp files)
//   BENCH_START_TIMEOUT=120   seconds to wait for the product to become ready
//   BENCH_KEEP_LOGS=1         keep the temp dir with the processes' logs (always kept on failure)
import { randomBytes } from 'node:crypto';
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
const PATH = '/api/get-all-products';

// ---------------------------------------------------------------------------------------------
// Child role: the baseline runs in its own process, so it shares no event loop with the load
// generator (the product does not either).
// ---------------------------------------------------------------------------------------------
/** The baseline: a bare Express app whose one handler answers the catalog's body with res.json. */
async function runBaselineServer() {
  const { default: express } = await import('express');
  const body = JSON.parse(process.env.BENCH_CATALOG_BODY ?? 'null');
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
  if (problem) console.error(`bench-catalog: ${problem}`);
  console.error(
    'usage: node scripts/bench-catalog.mjs [single|proxied|all]\n' +
      '  env: BENCH_LEVELS=1,32 BENCH_REQUESTS=4000 BENCH_ROUNDS=4 BENCH_WARMUP=1000\n' +
      '       BENCH_LOG_LEVEL=info BENCH_START_TIMEOUT=120 BENCH_KEEP_LOGS=1',
  );
  process.exit(problem ? 2 : 0);
}

function settings() {
  const levels = (process.env.BENCH_LEVELS ?? '1,32')
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
    logLevel: process.env.BENCH_LOG_LEVEL || 'info',
    startTimeoutMs: intFrom('BENCH_START_TIMEOUT', 120) * 1000,
    keepLogs: process.env.BENCH_KEEP_LOGS === '1',
  };
}

// Child processes: see scripts/bench/processes.mjs.
const bench = createProcessGroup({ label: 'bench-catalog', root });

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
  ['target', 38],
  ['conc', 5],
  ['req/s', 9],
  ['p99 ms', 8],
  ['baseline req/s', 15],
  ['baseline p99 ms', 16],
  ['req/s ratio', 12],
  ['p99 ratio', 10],
  ['errors', 7],
];
const row = (cells) =>
  cells
    .map((c, i) => (i === 0 ? String(c).padEnd(columns[i][1]) : String(c).padStart(columns[i][1])))
    .join(' ');

/** The catalog's body and ETag as the product answers them, for the checks and the baseline. */
async function fetchCatalog(url) {
  const res = await fetch(`${url}${PATH}`, { signal: AbortSignal.timeout(10000) });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`${url}${PATH} answered ${res.status}`);
  return { body, etag: res.headers.get('etag'), cacheControl: res.headers.get('cache-control') };
}

/**
 * Each target at each level, its requests split into rounds alternating with the baseline's.
 * `targets`: { label, url, status, headers }.
 */
async function measure(targets, baselineUrl, catalog, cfg) {
  const full = { status: 200, length: catalog.body.length, headers: {} };
  console.log(row(columns.map(([name]) => name)));
  for (const target of targets) {
    const expect = { ...full, status: target.status, headers: target.headers };
    if (cfg.warmup > 0) {
      account(
        `${target.label} warm-up`,
        summarize([await load(target.url, 8, cfg.warmup, expect)]),
      );
      account('baseline warm-up', summarize([await load(baselineUrl, 8, cfg.warmup, full)]));
    }
    for (const level of cfg.levels) {
      const perRound = Math.max(level, Math.ceil(cfg.requests / cfg.rounds));
      const mine = [];
      const base = [];
      for (let r = 0; r < cfg.rounds; r++) {
        base.push(await load(baselineUrl, level, perRound, full));
        mine.push(await load(target.url, level, perRound, expect));
      }
      const m = summarize(mine);
      const b = summarize(base);
      account(`${target.label} c=${level}`, m);
      account(`baseline c=${level} (next to ${target.label})`, b);
      console.log(
        row([
          target.label,
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
  }
}

function conditionalTargets(label, url, catalog) {
  const targets = [{ label: `${label} 200`, url, status: 200, headers: {} }];
  if (catalog.etag)
    targets.push({
      label: `${label} If-None-Match 304`,
      url,
      status: 304,
      headers: { 'if-none-match': catalog.etag },
    });
  return targets;
}

function productEnv(cfg, extra) {
  const env = { ...process.env, NODE_ENV: 'production', LOG_LEVEL: cfg.logLevel, ...extra };
  // Embedded engines, whatever this shell has exported for cluster mode.
  for (const name of ['DATABASE_URL', 'KAFKA_BROKERS', 'REDIS_URL']) delete env[name];
  return env;
}

let baseline;
async function baselineFor(catalog) {
  baseline ??= await bench.startRole('baseline', selfPath, '__baseline', {
    NODE_ENV: 'production',
    BENCH_CATALOG_BODY: catalog.body.toString(),
  });
  return baseline.url;
}

async function runSingle(cfg) {
  const port = await freePort();
  const product = bench.startTsService(
    'single-node',
    'services/gateway/src/main.ts',
    productEnv(cfg, { PORT: String(port), DATA_DIR: ':memory:' }),
  );
  const url = `http://${HOST}:${port}`;
  await waitReady('single-node product', url, PATH, cfg.startTimeoutMs);
  const catalog = await fetchCatalog(url);
  console.log(
    `\n== single node (pid ${product.pid}): gateway + checkout in-process, PGlite in memory ==\n` +
      `   catalog: ${catalog.body.length} bytes, ETag ${catalog.etag ?? '(none)'}, Cache-Control ${catalog.cacheControl}`,
  );
  await measure(
    conditionalTargets('gateway (in-process)', url, catalog),
    await baselineFor(catalog),
    catalog,
    cfg,
  );
  await bench.stopProcesses([product]);
}

async function runProxied(cfg) {
  const [checkoutPort, gatewayPort] = [await freePort(), await freePort()];
  const secret = randomBytes(32).toString('base64url');
  // Only checkout answers; the gateway's other upstreams are never called by this benchmark.
  const unused = `http://${HOST}:9`;
  const checkout = bench.startTsService(
    'checkout',
    'services/checkout/src/main.ts',
    productEnv(cfg, {
      PORT: String(checkoutPort),
      DATA_DIR: ':memory:',
      INTERNAL_SECRET: secret,
      IDENTITY_URL: unused,
    }),
  );
  const checkoutUrl = `http://${HOST}:${checkoutPort}`;
  await waitReady('checkout', checkoutUrl, PATH, cfg.startTimeoutMs);
  const gateway = bench.startTsService(
    'gateway',
    'services/gateway/src/cluster-main.ts',
    productEnv(cfg, {
      PORT: String(gatewayPort),
      INTERNAL_SECRET: secret,
      CHECKOUT_URL: checkoutUrl,
      ...Object.fromEntries(
        ['IDENTITY', 'INTAKE', 'VERIFICATION', 'FORMS', 'CHAT'].map((s) => [`${s}_URL`, unused]),
      ),
    }),
  );
  const gatewayUrl = `http://${HOST}:${gatewayPort}`;
  await waitReady('gateway', gatewayUrl, PATH, cfg.startTimeoutMs);
  const catalog = await fetchCatalog(gatewayUrl);
  console.log(
    `\n== proxied: gateway (pid ${gateway.pid}) -> HTTP -> checkout (pid ${checkout.pid}), PGlite in memory ==\n` +
      `   catalog: ${catalog.body.length} bytes, ETag ${catalog.etag ?? '(none)'}, Cache-Control ${catalog.cacheControl}`,
  );
  await measure(
    [
      ...conditionalTargets('gateway -> checkout', gatewayUrl, catalog),
      ...conditionalTargets('checkout direct', checkoutUrl, catalog),
    ],
    await baselineFor(catalog),
    catalog,
    cfg,
  );
  await bench.stopProcesses([gateway]);
  await bench.stopProcesses([checkout]);
}

async function main() {
  bench.installCleanup();
  const mode = process.argv[2] ?? 'single';
  if (mode === '-h' || mode === '--help') usage();
  if (!['single', 'proxied', 'all'].includes(mode)) usage(`unknown mode "${mode}"`);
  const cfg = settings();
  for (const dep of ['tsx', 'express'])
    if (!existsSync(join(root, 'node_modules', dep, 'package.json'))) {
      console.error(`bench-catalog: ${dep} is not installed; run npm install first`);
      process.exit(1);
    }
  bench.openLogDir(cfg.keepLogs);
  console.log(
    `bench-catalog: mode ${mode}; levels ${cfg.levels.join(',')}; ${cfg.requests} timed requests per ` +
      `target and level in ${cfg.rounds} rounds alternating with as many baseline requests; ` +
      `warm-up ${cfg.warmup}; NODE_ENV=production, LOG_LEVEL=${cfg.logLevel}\n` +
      `node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim() ?? '?'}); ` +
      'the load generator, the baseline and the product share this machine.\n' +
      'baseline: a bare Express app answering the same body with res.json (its own process); ' +
      'ratio = target / baseline',
  );
  if (mode === 'single' || mode === 'all') await runSingle(cfg);
  if (mode === 'proxied' || mode === 'all') await runProxied(cfg);

  const rate = totals.requests ? totals.errors / totals.requests : 0;
  console.log(
    `\n${totals.requests} requests, ${totals.errors} errors (${(rate * 100).toFixed(2)}%)`,
  );
  for (const report of errorReports) console.log(`  ${report}`);
  await bench.stopChildren();
  const broken = rate > 0.01;
  if (broken) {
    bench.keepLogs();
    console.error('bench-catalog: BROKEN: more than 1% of the requests failed (see above)');
  }
  bench.removeLogDir();
  process.exit(broken ? 1 : 0);
}

if (process.argv[2] === '__baseline') await runBaselineServer();
else await main();
