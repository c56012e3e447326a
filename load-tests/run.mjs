// `npm run load -- [--target URL] [--smoke] [scenario...]`: the load scenarios (Artillery, in
// load-tests/scenarios/) one after another against a running product, then one table: requests,
// rate, latency percentiles, errors and whether each scenario's thresholds held. Exits 1 when any
// scenario failed (see lib/report.mjs for what fails one), 2 on a usage error.
//
//   --target URL     a running product: single node (`npm start`) or cluster mode's gateway,
//                    on this machine only (loopback). Without it, a single-node product on the
//                    embedded engines is started on a free port for the run and stopped after.
//   --smoke          each scenario's short `smoke` environment (a few seconds), as CI runs it
//   --results FILE   also write `load:<scenario>=passed|failed` words for scripts/ci-summary.mjs
//   --reports DIR    keep each scenario's Artillery JSON report and output there
//   scenario...      some of: funnel checkout portal console chat (default: all, in that order)
//
// The quiz and chat registrations are limited per client address; every virtual user sends
// X-Forwarded-For from the benchmarking range, which counts only when the product trusts its
// loopback proxy: the product this script starts does (TRUST_PROXY=loopback); start a target
// the same way. Every run is bounded: each scenario's phases plus a margin, then it is killed.
import { spawn } from 'node:child_process';
import {
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { HOST, createProcessGroup, freePort, waitReady } from '../scripts/bench/processes.mjs';
import {
  ensureOf,
  formatTable,
  readReport,
  readScenario,
  resultWords,
  scenariosDir,
  summarize,
} from './lib/report.mjs';
import { SeedError, chatVisitors, paidPatients, staffSessions } from './lib/seed.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const artilleryBin = join(
  dirname(createRequire(import.meta.url).resolve('artillery/package.json')),
  'bin',
  'run',
);

/** The scenarios in the order they run, each with what it needs seeded first. */
const scenarios = {
  funnel: {},
  checkout: {},
  portal: { seed: (target, smoke) => paidPatients(target, smoke ? 3 : 10) },
  console: { seed: (target) => staffSessions(target) },
  // One visitor per virtual user (a visitor may send 30 messages a minute; each user sends
  // at most 12): the full run's 500 users, the smoke's 25, and a few to spare.
  chat: { seed: (target, smoke) => chatVisitors(target, smoke ? 40 : 520) },
};

/** Seconds allowed past a scenario's phases (Artillery's start, the last users finishing). */
const MARGIN_SECONDS = 90;
const SEED_TIMEOUT_MS = 120_000;

function usage(problem) {
  console.error(`load: ${problem}`);
  console.error(
    'usage: npm run load -- [--target http://127.0.0.1:PORT] [--smoke] [--results FILE]\n' +
      `                        [--reports DIR] [${Object.keys(scenarios).join('|')} ...]`,
  );
  process.exit(2);
}

function options() {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        target: { type: 'string' },
        smoke: { type: 'boolean', default: false },
        results: { type: 'string' },
        reports: { type: 'string' },
      },
    });
  } catch (err) {
    usage(err.message);
  }
  const { values, positionals } = parsed;
  for (const name of positionals) if (!(name in scenarios)) usage(`no scenario "${name}"`);
  if (values.target !== undefined) {
    let url;
    try {
      url = new URL(values.target);
    } catch {
      usage(`--target is not a URL: ${values.target}`);
    }
    // Load goes to this machine only, never to another host.
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!(host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host)))
      usage(`--target must be on this machine (127.0.0.0/8, localhost or [::1]), not ${host}`);
    values.target = url.origin;
  }
  return {
    ...values,
    names: positionals.length > 0 ? positionals : Object.keys(scenarios),
  };
}

/** The seconds the environment's phases last. */
function phaseSeconds(script, environment) {
  const phases = script.config.environments[environment].phases;
  return phases.reduce((sum, p) => sum + (p.duration ?? 0) + (p.pause ?? 0), 0);
}

/**
 * No traffic leaves this machine. ARTILLERY_DISABLE_TELEMETRY alone still sends an anonymous
 * "test run" event to Artillery's analytics at the end of a run (2.0.21, lib/cmds/run.js,
 * sendTelemetry); that function sends nothing when WORKER_ID is set, as on Artillery's own
 * cloud workers. Nothing else in a local run reads WORKER_ID.
 */
const QUIET_ARTILLERY = { ARTILLERY_DISABLE_TELEMETRY: 'true', WORKER_ID: 'load-tests' };

let running = null;
process.on('exit', () => running?.kill('SIGKILL'));

/** Runs Artillery on one scenario; resolves with its exit code (null when it was killed). */
function artillery({ args, logFile, timeoutMs }) {
  return new Promise((done) => {
    const log = createWriteStream(logFile);
    const child = spawn(process.execPath, [artilleryBin, 'run', ...args], {
      cwd: root,
      env: { ...process.env, ...QUIET_ARTILLERY },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running = child;
    child.stdout.pipe(log);
    child.stderr.pipe(log);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      running = null;
      log.end(() => done(code));
    });
    child.on('error', () => {
      clearTimeout(timer);
      running = null;
      log.end(() => done(null));
    });
  });
}

/** `promise`, or a SeedError once `ms` have passed. */
function within(ms, promise) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new SeedError(`seeding took over ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

function lastLines(file, n = 30) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-n).join('\n');
  } catch {
    return '(no output)';
  }
}

async function runScenario(name, { target, smoke, reportsDir }) {
  const script = readScenario(name);
  const environment = smoke ? 'smoke' : 'full';
  const ensure = ensureOf(script, environment);
  let seeded = {};
  const seed = scenarios[name].seed;
  if (seed) {
    try {
      seeded = await within(SEED_TIMEOUT_MS, seed(target, smoke));
    } catch (err) {
      return summarize({
        name,
        ensure,
        report: null,
        exitCode: null,
        problem: `seed: ${err.message}`,
      });
    }
  }
  const reportFile = join(reportsDir, `${name}.json`);
  const logFile = join(reportsDir, `${name}.log`);
  const payloadFile = join(reportsDir, `${name}.csv`);
  if (seeded.payload)
    writeFileSync(payloadFile, seeded.payload.map((row) => `${row.join(',')}\n`).join(''));
  const seconds = phaseSeconds(script, environment);
  console.log(`load: ${name} (${environment}: ${seconds} s of load)`);
  const exitCode = await artillery({
    args: [
      '--target',
      target,
      '--environment',
      environment,
      '--output',
      reportFile,
      ...(seeded.variables ? ['--variables', JSON.stringify(seeded.variables)] : []),
      ...(seeded.payload ? ['--payload', payloadFile] : []),
      join(scenariosDir, `${name}.yml`),
    ],
    logFile,
    timeoutMs: (seconds + MARGIN_SECONDS) * 1000,
  });
  const row = summarize({
    name,
    ensure,
    report: readReport(reportFile),
    exitCode,
    problem: exitCode === null ? `killed after ${seconds + MARGIN_SECONDS} s` : undefined,
  });
  if (!row.passed)
    console.log(`load: ${name}: the end of Artillery's output\n${lastLines(logFile)}`);
  return row;
}

async function main() {
  const opts = options();
  const reportsDir = opts.reports ? resolve(opts.reports) : mkdtempSync(join(os.tmpdir(), 'load-'));
  mkdirSync(reportsDir, { recursive: true });
  const group = createProcessGroup({ label: 'load', root });
  group.installCleanup();
  let target = opts.target;
  if (!target) {
    group.openLogDir(false);
    const port = await freePort();
    target = `http://${HOST}:${port}`;
    const env = { ...process.env };
    // The embedded engines: this is the single-node product, whatever the shell exported.
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'KAFKA_BROKERS', 'S3_ENDPOINT'])
      delete env[name];
    console.log(`load: starting a single-node product at ${target}`);
    group.startTsService('single-node product', 'services/gateway/src/main.ts', {
      ...env,
      PORT: String(port),
      DATA_DIR: ':memory:',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'loopback',
      NODE_ENV: 'development',
    });
    await waitReady('the single-node product', target, '/readyz', 120_000);
  }
  console.log(`load: ${opts.names.join(', ')} against ${target}`);

  const rows = [];
  for (const name of opts.names)
    rows.push(await runScenario(name, { target, smoke: opts.smoke, reportsDir }));

  await group.stopChildren();
  group.removeLogDir();
  if (!opts.reports) rmSync(reportsDir, { recursive: true, force: true });
  console.log(`\n${formatTable(rows)}\n`);
  if (opts.results) {
    mkdirSync(dirname(resolve(opts.results)), { recursive: true });
    writeFileSync(opts.results, `${resultWords(rows)}\n`);
  }
  const failed = rows.filter((r) => !r.passed).length;
  console.log(
    failed === 0
      ? `load: every scenario held its thresholds`
      : `load: ${failed} of ${rows.length} scenarios FAILED`,
  );
  process.exit(failed === 0 ? 0 : 1);
}

main().catch((err) => {
  console.error(`load: ${err.stack ?? err}`);
  process.exit(1);
});
