/**
 * Lighthouse scores of the quiz (/), /login and the checkout page, printed (never a gate: the
 * numbers depend on the machine). Lighthouse is fetched by npx on first use, so it is not a
 * dependency of the repo; Chromium is the system's.
 *
 *   npm start                                   (the product on http://localhost:3000)
 *   npm run lighthouse -w @clinic/web           (or: -- http://host:port)
 *   npm run lighthouse -w @clinic/web -- --runs 3 --details http://localhost:3458
 *
 * `--runs N` audits each page N times and prints the run with the median performance score
 * (simulated throttling scales the CPU time observed on this machine, so one run on a busy
 * machine says little); the machine's load average is printed beside each run. `--details`
 * adds what the performance score is made of: the LCP element, the elements that shifted, the
 * main thread's work by script and by category, render-blocking requests, unused JavaScript.
 *
 * The checkout page is opened with a cart saved through the API as the plan page saves one
 * (tirzepatide, default offer; web/src/plan/savePlan.ts), so its form is what is audited. Mobile emulation and simulated
 * throttling: Lighthouse's defaults.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as contractsModule from '@clinic/contracts';
import type { Product } from '@clinic/contracts';

// The contracts load as CommonJS under tsx here: their exports may sit on `default`.
const { planIdFor, prescriptionMainType } = (
  'planIdFor' in contractsModule ? contractsModule : contractsModule['default' as never]
) as typeof contractsModule;

const LIGHTHOUSE = 'lighthouse@13';
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

function parseArgs(argv: string[]) {
  let runs = 1;
  let details = false;
  let url = 'http://localhost:3000';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--runs') runs = Number(argv[++i]);
    else if (arg.startsWith('--runs=')) runs = Number(arg.slice('--runs='.length));
    else if (arg === '--details') details = true;
    else url = arg;
  }
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a positive integer');
  return { runs, details, base: url.replace(/\/$/, '') };
}

const { runs, details, base } = parseArgs(process.argv.slice(2));

async function json(path: string, init?: RequestInit): Promise<unknown> {
  // A kept-alive connection the server has just closed fails once: ask again on a new one.
  const response = await fetch(base + path, init).catch(() =>
    fetch(base + path, { ...init, headers: { ...init?.headers, Connection: 'close' } }),
  );
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.json();
}

/** A saved cart, as the plan page makes one: the checkout link's path. */
async function checkoutPath(): Promise<string> {
  const { products } = (await json('/api/get-all-products')) as { products: Product[] };
  const planId = planIdFor('tirzepatide', 'default');
  const product = products.find((p) => p.stripe_id === planId || p.sku === planId);
  if (!product) throw new Error(`No product ${planId} in the catalog`);
  const body = {
    id: product.id,
    name: product.name,
    price: product.pricing.first_month_price,
    retail_price: product.pricing.retail_price,
    quantity: 1,
    main_type: prescriptionMainType,
    category: product.category,
    sku: product.sku,
    stripe_id: product.stripe_id,
    sema_offer: 'default',
    tir_offer: 'default',
    currentGLPMed: 'No',
    currentDose: '',
  };
  const { id } = (await json('/forms/save-cart', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })) as { id: string };
  return `/weight-loss-payment/${encodeURIComponent(id)}`;
}

interface Audit {
  displayValue?: string;
  score: number | null;
  title: string;
  numericValue?: number;
  details?: { items?: Record<string, unknown>[] };
}

interface Report {
  categories: Record<string, { score: number | null; auditRefs: { id: string }[] }>;
  audits: Record<string, Audit>;
}

/** One Lighthouse run; a run that fails (its trace sometimes misses the navigation) is retried. */
function audit(url: string, dir: string, attempts = 2): Report {
  for (let attempt = 1; ; attempt++) {
    try {
      return auditOnce(url, dir);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.log(`           (${(error as Error).message}; running it again)`);
    }
  }
}

function auditOnce(url: string, dir: string): Report {
  const output = join(dir, 'report.json');
  const run = spawnSync(
    'npx',
    [
      '--yes',
      LIGHTHOUSE,
      url,
      '--quiet',
      '--output=json',
      `--output-path=${output}`,
      '--only-categories=performance,accessibility,best-practices,seo',
      `--chrome-path=${CHROME}`,
      '--chrome-flags=--headless --no-sandbox --disable-gpu',
    ],
    // npx's and Lighthouse's own warnings are printed only when it fails.
    {
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
      env: { ...process.env, CHROME_PATH: CHROME },
    },
  );
  if (run.status !== 0) {
    process.stderr.write(run.stderr);
    throw new Error(`Lighthouse failed on ${url} (exit ${run.status})`);
  }
  return JSON.parse(readFileSync(output, 'utf8')) as Report;
}

const score = (value: number | null | undefined) =>
  value === null || value === undefined ? '  -' : String(Math.round(value * 100)).padStart(3);

const pages: [string, () => Promise<string>][] = [
  ['/', async () => '/'],
  ['/login', async () => '/login'],
  ['checkout', checkoutPath],
];

/** The 1-minute load average, as `uptime` prints it. */
const load = () => loadavg()[0]!.toFixed(2);

function line(name: string, report: Report, loadAverage: string): string {
  const c = report.categories;
  const a = report.audits;
  const metric = (id: string) => (a[id]?.displayValue ?? '-').replace(/\u00a0/g, ' ').padEnd(8);
  return (
    `${name.padEnd(10)} ${score(c.performance?.score)}   ${score(c.accessibility?.score)}   ` +
    `${score(c['best-practices']?.score)}   ${score(c.seo?.score)}   ` +
    `${metric('first-contentful-paint')} ${metric('largest-contentful-paint')} ` +
    `${metric('total-blocking-time')} ${metric('cumulative-layout-shift')} ${loadAverage}`
  );
}

/** A short, single-line description of an item in an audit's details table. */
function describe(item: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(item)) {
    if (value === null || value === undefined || key === 'subItems') continue;
    if (typeof value === 'object') {
      const node = value as { type?: string; selector?: string; snippet?: string; url?: string };
      if (node.type === 'node') parts.push(`${key}=${node.selector ?? node.snippet ?? ''}`);
      else if (node.type === 'url' || node.url) parts.push(`${key}=${node.url ?? ''}`);
      continue;
    }
    parts.push(`${key}=${typeof value === 'number' ? Math.round(value) : String(value)}`);
  }
  return parts.join(' ').slice(0, 220);
}

const detailAudits = [
  'lcp-breakdown-insight',
  'layout-shifts',
  'bootup-time',
  'mainthread-work-breakdown',
  'render-blocking-resources',
  'render-blocking-insight',
  'unused-javascript',
  'document-latency-insight',
  'font-display-insight',
  'long-tasks',
];

function printDetails(report: Report) {
  for (const id of detailAudits) {
    const item = report.audits[id];
    if (!item) continue;
    console.log(`           ${id}: ${item.displayValue ?? ''}`.trimEnd());
    const rows = Array.isArray(item.details?.items) ? item.details.items : [];
    for (const row of rows.slice(0, 8)) {
      console.log(`             ${describe(row)}`);
    }
  }
}

function printFailures(report: Report) {
  const failed = Object.values(report.audits).filter(
    (item) => item.score !== null && item.score < 1 && /aria|contrast|label|name/i.test(item.title),
  );
  for (const item of failed) console.log(`           a11y: ${item.title}`);
}

const dir = mkdtempSync(join(tmpdir(), 'lighthouse-'));
try {
  console.log(
    `Lighthouse (${LIGHTHOUSE}, mobile, simulated throttling) on ${base}, ` +
      `${runs} run${runs > 1 ? 's' : ''} per page on ${cpus().length} cores`,
  );
  const header = 'page       perf  a11y  best   seo   FCP      LCP      TBT      CLS      load';
  console.log(header);
  const medians: string[] = [];
  for (const [name, path] of pages) {
    const results: { report: Report; loadAverage: string }[] = [];
    for (let run = 0; run < runs; run++) {
      const loadAverage = load();
      const report = audit(base + (await path()), dir);
      results.push({ report, loadAverage });
      console.log(line(runs > 1 ? `${name} #${run + 1}` : name, report, loadAverage));
    }
    // The run with the median performance score (the lower middle one for an even count).
    const perf = (r: Report) => r.categories.performance?.score ?? 0;
    const sorted = [...results].sort((x, y) => perf(x.report) - perf(y.report));
    const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
    if (runs > 1) medians.push(line(name, median.report, median.loadAverage));
    printFailures(median.report);
    if (details) printDetails(median.report);
  }
  if (runs > 1) {
    console.log(`\nMedian of ${runs} runs (the run with the median performance score):`);
    console.log(header);
    for (const row of medians) console.log(row);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
