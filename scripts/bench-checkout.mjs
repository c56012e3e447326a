// `npm run bench:checkout [-- single|cluster|all]`: POST /api/checkout-new on the sandbox processor
// at rising concurrency, next to a bare Express handler started in the same run, printing
// throughput and p99 for both and their ratio. Absolute timings depend on the machine, so nothing
// is gated on them: the script exits 0 unless something is broken (a process dies, preparing a
// cart or card token fails, or more than 1% of checkout-new answers are errors or non-2xx).
//
//   single   (default) the product in one process (`npm start`), embedded engines, DATA_DIR=:memory:
//   cluster  `npm run start:cluster -- --checkout=N` (every service its own process, on PostgreSQL,
//            Kafka and Redis; the gateway balancing over the N checkout instances), once per N in
//            BENCH_CHECKOUTS; needs DATABASE_URL, KAFKA_BROKERS and REDIS_URL:
//              eval "$(infra/local/up.sh --env)"
//   all      single, then cluster
//
// Each cluster phase also prints the CPU milliseconds each process spent per payment during the
// timed runs (from /proc: CPU time, so it holds on a busy machine), each checkout instance's share
// of the payments and the capacity per core that implies: what an operator sizes a deployment by.
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
//   BENCH_CHECKOUTS=1,2,4    cluster: checkout instances per phase
//   BENCH_CHECKOUT_CPU=0.25  cluster: cap each checkout process at this many cores (a cgroup each),
//                            so that more instances can show more capacity on a 2-core machine;
//                            empty or 0: uncapped
import { existsSync, readFileSync, readdirSync } from 'node:fs';
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
import { checkoutBaselineRequests, prepareCheckouts } from './bench/checkout-requests.mjs';
import { runPrepared, summarize } from './bench/closed-loop.mjs';
import { productEnv, startCluster, stripeVars } from './bench/cluster.mjs';
import { cpuTicks, settle as waitIdle } from './bench/idle.mjs';

const selfPath = fileURLToPath(import.meta.url);
const root = join(dirname(selfPath), '..');

// ---------------------------------------------------------------------------------------------
// Child role: this file also runs the baseline server in its own process, so that it does not
// share an event loop with the load generator (the product does not either).
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
      '       BENCH_CHECKOUTS=1,2,4 BENCH_CHECKOUT_CPU=0.25 (cluster)\n' +
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
  const checkouts = (process.env.BENCH_CHECKOUTS ?? '1,2,4').split(',').map(Number);
  if (checkouts.some((n) => !Number.isInteger(n) || n < 1 || n > 16))
    usage(
      `BENCH_CHECKOUTS must list instance counts from 1 to 16, got "${process.env.BENCH_CHECKOUTS}"`,
    );
  const checkoutCpu = Number(process.env.BENCH_CHECKOUT_CPU ?? '0.25');
  if (!(checkoutCpu === 0 || (checkoutCpu >= 0.05 && checkoutCpu <= 64)))
    usage(
      `BENCH_CHECKOUT_CPU must be 0 (uncapped) or 0.05 to 64 cores, got "${process.env.BENCH_CHECKOUT_CPU}"`,
    );
  return {
    levels,
    checkouts,
    checkoutCpu,
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
// The payment path: carts and tokens prepared (untimed), then only checkout-new is timed
// (scripts/bench/checkout-requests.mjs), in a closed loop (scripts/bench/closed-loop.mjs).
// ---------------------------------------------------------------------------------------------
const runLoad = async (baseUrl, concurrency, requests) =>
  summarize([
    await runPrepared(new URL('/api/checkout-new', baseUrl).href, 'POST', concurrency, requests),
  ]);
const baselineRequests = checkoutBaselineRequests;

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

/** Idle-waits (scripts/bench/idle.mjs), summing the time spent for the report. */
let settledMs = 0;
async function settle(pids, maxMs) {
  settledMs += await waitIdle(pids, maxMs);
}

async function measurePhase(phase, checkoutBase, baselineBase, cfg, productPids, cpu) {
  console.log(`\n== ${phase} ==`);
  const prepStarted = Date.now();
  if (cfg.warmup > 0) {
    const warm = await prepareCheckouts(checkoutBase, cfg.warmup, cfg.prepConcurrency);
    // At the highest level's concurrency, so that every instance has opened its connections
    // (database pool, bus) and compiled its hot code before the timed runs.
    const warmConcurrency = Math.max(...cfg.levels);
    account(phase, 'warm-up', 'checkout', await runLoad(checkoutBase, warmConcurrency, warm));
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
    const first = await runLoad(baselineBase, level, baselineRequests(half));
    await settle(productPids, 1000);
    const before = cpu ? await cpu.snapshot() : undefined;
    const checkout = await runLoad(checkoutBase, level, prepared);
    if (cpu) cpu.add(before, await cpu.snapshot(), checkout.count - checkout.errors);
    await settle(productPids);
    const after = await runLoad(baselineBase, level, baselineRequests(half));
    const baseline = summarize([...first.runs, ...after.runs]);
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

/** POST /api/checkout-new requests an instance has answered so far (its own /metrics). */
async function checkoutsServed(port) {
  const res = await fetch(`http://${HOST}:${port}/metrics`, { signal: AbortSignal.timeout(5000) });
  const text = await res.text();
  let n = 0;
  for (const line of text.split('\n'))
    if (
      line.startsWith('http_request_duration_seconds_count{') &&
      line.includes('route="/api/checkout-new"') &&
      line.includes('method="POST"')
    )
      n += Number(line.slice(line.lastIndexOf(' ') + 1));
  return n;
}

/** The engines' processes on this machine (pid -> engine), by command: their CPU counts too. */
function engineProcesses() {
  const engines = new Map();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const comm = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
      if (comm === 'postgres') engines.set(Number(pid), 'PostgreSQL');
      else if (comm.startsWith('redis-server')) engines.set(Number(pid), 'Redis');
      else if (
        comm === 'java' &&
        readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('kafka.Kafka')
      )
        engines.set(Number(pid), 'Kafka');
    } catch {
      // exited meanwhile
    }
  }
  return engines;
}

/**
 * CPU per payment: each process's CPU time (and the engines', every process of each, a backend
 * that started meanwhile counted whole) and each checkout instance's payments, snapshotted around
 * every timed run and summed over the phase.
 */
function cpuAccounting(procs) {
  const msPerTick = 1000 / 100; // USER_HZ is 100 on Linux
  const spent = new Map(procs.map((p) => [p.name, 0]));
  const engineSpent = new Map();
  const served = new Map();
  let payments = 0;
  return {
    async snapshot() {
      const ticks = new Map(procs.map((p) => [p.name, cpuTicks(p.pid) ?? 0]));
      const engines = new Map(
        [...engineProcesses()].map(([pid, engine]) => [pid, { engine, ticks: cpuTicks(pid) ?? 0 }]),
      );
      const counts = new Map();
      for (const p of procs.filter((q) => q.service === 'checkout'))
        counts.set(p.name, await checkoutsServed(p.port));
      return { ticks, engines, counts };
    },
    add(before, after, ok) {
      payments += ok;
      for (const p of procs)
        spent.set(
          p.name,
          spent.get(p.name) + (after.ticks.get(p.name) - before.ticks.get(p.name)) * msPerTick,
        );
      for (const [pid, { engine, ticks }] of after.engines) {
        const delta = Math.max(0, ticks - (before.engines.get(pid)?.ticks ?? 0));
        engineSpent.set(engine, (engineSpent.get(engine) ?? 0) + delta * msPerTick);
      }
      for (const [name, n] of after.counts)
        served.set(name, (served.get(name) ?? 0) + n - before.counts.get(name));
    },
    report(cap) {
      console.log(`   CPU per payment over the timed runs (${payments} payments), by process:`);
      const total = [...spent.values()].reduce((a, b) => a + b, 0);
      for (const p of procs) {
        const ms = spent.get(p.name);
        const own = served.get(p.name);
        const perOwn = own ? ms / own : undefined;
        console.log(
          `     ${p.name.padEnd(14)} ${(ms / payments).toFixed(1).padStart(6)} ms/payment` +
            (own !== undefined
              ? `   ${String(own).padStart(5)} payments served, ${perOwn?.toFixed(1) ?? '-'} ms CPU each: ` +
                `${perOwn ? (1000 / perOwn).toFixed(0) : '-'} payments/s per core` +
                (cap
                  ? `, ${perOwn ? ((1000 * cap) / perOwn).toFixed(1) : '-'}/s within its ${cap}-core cap`
                  : '')
              : ''),
        );
      }
      console.log(
        `     ${'the services'.padEnd(14)} ${(total / payments).toFixed(1).padStart(6)} ms/payment: ${(1000 / (total / payments)).toFixed(0)} payments/s per core`,
      );
      let engines = 0;
      for (const [engine, ms] of engineSpent) {
        engines += ms;
        console.log(
          `     ${engine.padEnd(14)} ${(ms / payments).toFixed(1).padStart(6)} ms/payment`,
        );
      }
      const all = (total + engines) / payments;
      console.log(
        `     ${'with engines'.padEnd(14)} ${all.toFixed(1).padStart(6)} ms/payment: ${(1000 / all).toFixed(0)} payments/s per core of the whole deployment`,
      );
    },
  };
}

async function runCluster(cfg, baselineUrl) {
  const phases = [];
  for (const checkouts of cfg.checkouts) {
    const { cluster, url, procs } = await startCluster(bench, cfg, checkouts);
    const cpu = cpuAccounting(procs);
    const results = await measurePhase(
      `cluster: ${checkouts} checkout instance(s) behind the gateway${cfg.checkoutCpu ? ` (${cfg.checkoutCpu} CPU each)` : ''}`,
      url,
      baselineUrl,
      cfg,
      procs.map((p) => p.pid),
      cpu,
    );
    cpu.report(cfg.checkoutCpu || undefined);
    phases.push({ checkouts, results });
    await bench.stopProcesses([cluster]);
  }
  if (phases.length > 1) {
    console.log('\n== scaling: checkouts per second against the first phase, per concurrency ==');
    for (const { level } of phases[0].results) {
      const one = phases[0].results.find((r) => r.level === level).checkout.rps;
      console.log(
        `   conc ${String(level).padStart(3)}: ` +
          phases
            .map(({ checkouts, results }) => {
              const r = results.find((x) => x.level === level).checkout;
              return `${checkouts} inst ${r.rps.toFixed(1)}/s (${(r.rps / one).toFixed(2)}x, p99 ${r.p99.toFixed(0)} ms)`;
            })
            .join('   '),
      );
    }
  }
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
  for (const dep of ['tsx', 'express', 'esbuild'])
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
else await main();
