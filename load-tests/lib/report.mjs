// What one Artillery run of a scenario comes to: its row of the table (requests, rate, latency
// percentiles, errors) and whether it passed. A scenario passes only when all of these hold, so
// no single broken link lets a breach through:
//   - Artillery exited 0 (its `ensure` plugin and the `expect` plugin set a non-zero exit code);
//   - its JSON report exists and measured at least one request;
//   - the scenario's `ensure` checks, evaluated again here on the report's aggregate with
//     Artillery's own ensure plugin, all hold.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const scenariosDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'scenarios');

// Artillery's own YAML parser and ensure plugin, as the run itself used them.
const fromArtillery = createRequire(
  createRequire(import.meta.url).resolve('artillery/package.json'),
);
const yaml = fromArtillery('js-yaml');
const { Plugin: EnsurePlugin } = fromArtillery('artillery-plugin-ensure');

/** The scenario's Artillery script (load-tests/scenarios/<name>.yml), parsed. */
export function readScenario(name) {
  return yaml.safeLoad(readFileSync(join(scenariosDir, `${name}.yml`), 'utf8'));
}

/** The `ensure` checks in force for `environment` (an environment may override them). */
export function ensureOf(script, environment) {
  const config = script.config ?? {};
  const env = environment ? config.environments?.[environment] : undefined;
  return env?.ensure ?? env?.plugins?.ensure ?? config.ensure ?? config.plugins?.ensure ?? {};
}

/** Each check with its outcome: `{ check, ok }`, in the order the scenario lists them. */
export function evaluateChecks(ensure, aggregate) {
  const saved = globalThis.artillery;
  // runChecks reports through Artillery's global logger; its lines would repeat the table's.
  globalThis.artillery = { log() {} };
  try {
    const vars = EnsurePlugin.statsToVars({ report: aggregate });
    return EnsurePlugin.runChecks(ensure, vars).map((c) => ({
      check: c.original,
      ok: c.result === 1,
      value: measured(c.original, aggregate),
    }));
  } finally {
    globalThis.artillery = saved;
  }
}

/** The value a threshold compared ("http.response_time.p99 < 2500" -> the report's p99). */
function measured(check, aggregate) {
  const threshold = /^([\w.]+)\.(\w+) </.exec(check);
  if (threshold) return aggregate.summaries?.[threshold[1]]?.[threshold[2]];
  if (check.startsWith('maxErrorRate')) {
    const created = aggregate.counters?.['vusers.created'] ?? 0;
    const completed = aggregate.counters?.['vusers.completed'] ?? 0;
    return created ? Number((((created - completed) / created) * 100).toFixed(2)) : undefined;
  }
  return undefined;
}

/**
 * One scenario's row. `report` is the parsed Artillery JSON report (or null when the run left
 * none), `exitCode` Artillery's exit code, `problem` what went wrong before or around the run.
 */
export function summarize({ name, ensure, report, exitCode, problem }) {
  const reasons = problem ? [problem] : [];
  const aggregate = report?.aggregate;
  if (!aggregate) {
    if (!problem) reasons.push('no Artillery report (the run did not finish)');
    return { name, passed: false, requests: 0, reasons, checks: [] };
  }
  const counters = aggregate.counters ?? {};
  const summaries = aggregate.summaries ?? {};
  const requests = (counters['http.requests'] ?? 0) + (counters['socketio.emit'] ?? 0);
  const latency = summaries['socketio.response_time'] ?? summaries['http.response_time'] ?? {};
  const seconds =
    aggregate.firstMetricAt && aggregate.lastMetricAt
      ? Math.max(1, (aggregate.lastMetricAt - aggregate.firstMetricAt) / 1000)
      : NaN;
  const errors = Object.entries(counters)
    .filter(([key]) => key.startsWith('errors.'))
    .reduce((sum, [, n]) => sum + n, 0);
  const checks = evaluateChecks(ensure, aggregate);

  if (requests === 0) reasons.push('no request was measured');
  for (const c of checks.filter((c) => !c.ok))
    reasons.push(`threshold broken: ${c.check}${c.value === undefined ? '' : ` (was ${c.value})`}`);
  if (exitCode !== 0) reasons.push(`artillery exited ${exitCode ?? 'without a code'}`);
  const errorKinds = Object.entries(counters)
    .filter(([key]) => key.startsWith('errors.'))
    .map(([key, n]) => `${key.slice('errors.'.length)} x${n}`);
  if (errorKinds.length > 0) reasons.push(`errors: ${errorKinds.join(', ')}`);
  return {
    name,
    passed: requests > 0 && checks.every((c) => c.ok) && exitCode === 0,
    requests,
    rps: requests / seconds,
    p50: latency.median ?? latency.p50,
    p95: latency.p95,
    p99: latency.p99,
    errors,
    failedUsers: counters['vusers.failed'] ?? 0,
    checks,
    reasons,
  };
}

const num = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

/** The table the run prints: one line per scenario, then why each failed one failed. */
export function formatTable(rows) {
  const header = [
    'scenario',
    'requests',
    'rps',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'errors',
    'thresholds',
  ];
  const lines = rows.map((r) => [
    r.name,
    String(r.requests),
    num(r.rps, 1),
    num(r.p50, 1),
    num(r.p95, 1),
    num(r.p99, 1),
    r.errors === undefined ? '-' : String(r.errors),
    r.passed ? `pass (${r.checks.length})` : 'FAIL',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const render = (cells) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  const out = [render(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(render)];
  for (const r of rows.filter((r) => !r.passed))
    out.push('', `${r.name} failed:`, ...r.reasons.map((reason) => `  - ${reason}`));
  return out.join('\n');
}

/** The CI result file's words (scripts/ci-summary.mjs): one `load:<scenario>=passed|failed` each. */
export function resultWords(rows) {
  return rows.map((r) => `load:${r.name}=${r.passed ? 'passed' : 'failed'}`).join(' ');
}

/** Reads an Artillery JSON report, or null when there is none or it is not JSON. */
export function readReport(file) {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}
