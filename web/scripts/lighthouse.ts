/**
 * Lighthouse scores of the quiz (/), /login and the checkout page, printed (never a gate: the
 * numbers depend on the machine). Lighthouse is fetched by npx on first use, so it is not a
 * dependency of the repo; Chromium is the system's.
 *
 *   npm start                                   (the product on http://localhost:3000)
 *   npm run lighthouse -w @clinic/web           (or: -- http://host:port)
 *
 * The checkout page is opened with a cart saved through the API as the plan page saves one
 * (tirzepatide, default offer; web/src/plan/savePlan.ts), so its form is what is audited. Mobile emulation and simulated
 * throttling: Lighthouse's defaults.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as contractsModule from '@clinic/contracts';
import type { Product } from '@clinic/contracts';

// The contracts load as CommonJS under tsx here: their exports may sit on `default`.
const { planIdFor, prescriptionMainType } = (
  'planIdFor' in contractsModule ? contractsModule : contractsModule['default' as never]
) as typeof contractsModule;

const LIGHTHOUSE = 'lighthouse@13';
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const base = (process.argv[2] ?? 'http://localhost:3000').replace(/\/$/, '');

async function json(path: string, init?: RequestInit): Promise<unknown> {
  const response = await fetch(base + path, init);
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

interface Report {
  categories: Record<string, { score: number | null; auditRefs: { id: string }[] }>;
  audits: Record<string, { displayValue?: string; score: number | null; title: string }>;
}

function audit(url: string, dir: string): Report {
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
    { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CHROME_PATH: CHROME } },
  );
  if (run.status !== 0) throw new Error(`Lighthouse failed on ${url} (exit ${run.status})`);
  return JSON.parse(readFileSync(output, 'utf8')) as Report;
}

const score = (value: number | null | undefined) =>
  value === null || value === undefined ? '  -' : String(Math.round(value * 100)).padStart(3);

const pages: [string, () => Promise<string>][] = [
  ['/', async () => '/'],
  ['/login', async () => '/login'],
  ['checkout', checkoutPath],
];

const dir = mkdtempSync(join(tmpdir(), 'lighthouse-'));
try {
  console.log(`Lighthouse (${LIGHTHOUSE}, mobile, simulated throttling) on ${base}`);
  console.log('page       perf  a11y  best   seo   FCP      LCP      TBT      CLS');
  for (const [name, path] of pages) {
    const report = audit(base + (await path()), dir);
    const c = report.categories;
    const a = report.audits;
    const metric = (id: string) => (a[id]?.displayValue ?? '-').padEnd(8);
    console.log(
      `${name.padEnd(10)} ${score(c.performance?.score)}   ${score(c.accessibility?.score)}   ` +
        `${score(c['best-practices']?.score)}   ${score(c.seo?.score)}   ` +
        `${metric('first-contentful-paint')} ${metric('largest-contentful-paint')} ` +
        `${metric('total-blocking-time')} ${metric('cumulative-layout-shift')}`,
    );
    const failed = Object.values(a).filter(
      (item) =>
        item.score !== null && item.score < 1 && /aria|contrast|label|name/i.test(item.title),
    );
    for (const item of failed) console.log(`           a11y: ${item.title}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
