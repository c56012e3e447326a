/**
 * The route budget of `npm run build -w @clinic/web`, on a Vite manifest shaped as the build
 * writes it: an entry, a shared vendor chunk, lazily loaded pages sharing a chunk, a page with a
 * dynamic import of its own, and CSS.
 */
import {
  entryKey,
  firstLoadFiles,
  formatReport,
  routeSizes,
  staticClosure,
  type Manifest,
  type RouteBudget,
} from './routeBudget';
import { routeBudgets } from './routeBudgets';

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-a1.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_vendor-v1.js'],
    dynamicImports: ['src/intake/IntakePage.tsx', 'src/checkout/CheckoutPage.tsx'],
  },
  '_vendor-v1.js': { file: 'assets/vendor-v1.js' },
  '_forms-f1.js': { file: 'assets/forms-f1.js', imports: ['_vendor-v1.js', 'index.html'] },
  'src/intake/IntakePage.tsx': {
    file: 'assets/IntakePage-i1.js',
    src: 'src/intake/IntakePage.tsx',
    isDynamicEntry: true,
    imports: ['index.html', '_forms-f1.js'],
  },
  'src/checkout/CheckoutPage.tsx': {
    file: 'assets/CheckoutPage-c1.js',
    src: 'src/checkout/CheckoutPage.tsx',
    isDynamicEntry: true,
    imports: ['_forms-f1.js', '_money-m1.js'],
    dynamicImports: ['src/ui/card/StripeCardForm.tsx'],
  },
  '_money-m1.js': { file: 'assets/money-m1.js' },
  'src/ui/card/StripeCardForm.tsx': {
    file: 'assets/StripeCardForm-s1.js',
    isDynamicEntry: true,
    imports: ['_vendor-v1.js'],
  },
  '_checkout.css': { file: 'assets/checkout-x1.css' },
};

/** Gzipped bytes per output file (made up, round numbers). */
const sizes: Record<string, number> = {
  'assets/index-a1.js': 20 * 1024,
  'assets/vendor-v1.js': 80 * 1024,
  'assets/forms-f1.js': 5 * 1024,
  'assets/IntakePage-i1.js': 10 * 1024,
  'assets/CheckoutPage-c1.js': 30 * 1024,
  'assets/money-m1.js': 1024,
  'assets/StripeCardForm-s1.js': 50 * 1024,
};
const gzipBytes = (file: string) => {
  const bytes = sizes[file];
  if (bytes === undefined) throw new Error(`weighed a file that is not JavaScript: ${file}`);
  return bytes;
};

const intake: RouteBudget = { route: '/', module: 'src/intake/IntakePage.tsx', budgetKiB: 120 };
const checkout: RouteBudget = {
  route: '/weight-loss-payment',
  module: 'src/checkout/CheckoutPage.tsx',
  budgetKiB: 130,
};

describe('route budget', () => {
  it('finds the one entry chunk', () => {
    expect(entryKey(manifest)).toBe('index.html');
    expect(() => entryKey({ a: { file: 'a.js' } })).toThrow('Expected one entry chunk, found 0');
  });

  it('follows static imports transitively, once each, through cycles', () => {
    expect(staticClosure(manifest, ['src/intake/IntakePage.tsx'])).toEqual([
      'src/intake/IntakePage.tsx',
      'index.html',
      '_vendor-v1.js',
      '_forms-f1.js',
    ]);
  });

  it("counts the entry, the page and their static imports, not the page's dynamic imports", () => {
    expect(firstLoadFiles(manifest, 'src/checkout/CheckoutPage.tsx')).toEqual([
      'assets/index-a1.js',
      'assets/vendor-v1.js',
      'assets/CheckoutPage-c1.js',
      'assets/forms-f1.js',
      'assets/money-m1.js',
    ]);
  });

  it('counts what the entry starts by dynamic import (the app after the first paint) as the entry', () => {
    const booted: Manifest = {
      ...manifest,
      'index.html': {
        file: 'assets/boot-b1.js',
        src: 'index.html',
        isEntry: true,
        dynamicImports: ['_main-a1.js', 'src/intake/IntakePage.tsx'],
      },
      // No facade (other chunks import from it): keyed by its file, named after the module.
      '_main-a1.js': {
        file: 'assets/main-a1.js',
        name: 'main',
        isDynamicEntry: true,
        imports: ['_vendor-v1.js'],
      },
    };
    expect(firstLoadFiles(booted, 'src/intake/IntakePage.tsx', ['src/main.tsx'])).toEqual([
      'assets/boot-b1.js',
      'assets/main-a1.js',
      'assets/vendor-v1.js',
      'assets/IntakePage-i1.js',
      'assets/forms-f1.js',
    ]);
    expect(() => firstLoadFiles(manifest, 'src/intake/IntakePage.tsx', ['src/main.tsx'])).toThrow(
      'The entry does not start src/main.tsx in this build',
    );
  });

  it('finds a page whose chunk has no facade because a page it loads imports from it', () => {
    const shared: Manifest = {
      ...manifest,
      'index.html': { ...manifest['index.html']!, dynamicImports: ['_Console-k1.js'] },
      // No facade (its section pages import from it): keyed by its file, named after the module.
      '_Console-k1.js': {
        file: 'assets/Console-k1.js',
        name: 'Console',
        isDynamicEntry: true,
        imports: ['_vendor-v1.js'],
      },
    };
    expect(firstLoadFiles(shared, 'src/console/Console.tsx')).toEqual([
      'assets/index-a1.js',
      'assets/vendor-v1.js',
      'assets/Console-k1.js',
    ]);
  });

  it('refuses a page the build does not load lazily, or does not have', () => {
    expect(() => firstLoadFiles(manifest, '_forms-f1.js')).toThrow(
      '_forms-f1.js is not a lazily loaded chunk of this build',
    );
    expect(() => firstLoadFiles(manifest, 'src/pages/Gone.tsx')).toThrow(
      'src/pages/Gone.tsx is not a lazily loaded chunk of this build',
    );
  });

  it('adds up gzipped bytes per route and judges them against the budget in KiB', () => {
    const [quiz, pay] = routeSizes(manifest, [intake, checkout], gzipBytes);
    // 20 + 80 + 10 + 5 KiB
    expect(quiz).toMatchObject({ route: '/', bytes: 115 * 1024, over: false });
    // 20 + 80 + 30 + 5 + 1 KiB: over 130
    expect(pay).toMatchObject({ route: '/weight-loss-payment', bytes: 136 * 1024, over: true });
  });

  it('is within budget at exactly the budget, over it one byte above', () => {
    const exact = { ...intake, budgetKiB: 115 };
    expect(routeSizes(manifest, [exact], gzipBytes)[0]!.over).toBe(false);
    const weigh = (file: string) => gzipBytes(file) + (file === 'assets/money-m1.js' ? 1 : 0);
    const tight = { ...checkout, budgetKiB: 136 };
    expect(routeSizes(manifest, [tight], weigh)[0]!.over).toBe(true);
  });

  it('prints a route without a budget and never judges it over', () => {
    const [free] = routeSizes(manifest, [{ ...checkout, budgetKiB: null }], gzipBytes);
    expect(free!.over).toBe(false);
    expect(formatReport([free!])).toContain('/weight-loss-payment   136.0 KiB');
  });

  it('prints one line per route and names the routes over budget', () => {
    const report = formatReport(routeSizes(manifest, [intake, checkout], gzipBytes));
    const lines = report.split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(
      /^ {2}\/ +115\.0 KiB \/ 120 KiB +ok +\(4 files, src\/intake\/IntakePage\.tsx\)$/,
    );
    expect(lines[2]).toMatch(/^ {2}\/weight-loss-payment +136\.0 KiB \/ 130 KiB +OVER BUDGET/);
    expect(lines[3]).toBe('Over budget: /weight-loss-payment.');
    const fine = formatReport(routeSizes(manifest, [intake], gzipBytes));
    expect(fine.split('\n').at(-1)).toBe('Every route is within its budget.');
  });
});

describe("the app's budgets", () => {
  it("hold the quiz's first load to 95 KiB of gzip (issue 29), so the build fails above it", () => {
    const quiz = routeBudgets.find((budget) => budget.route === '/');
    expect(quiz?.module).toBe('src/intake/IntakePage.tsx');
    expect(quiz?.budgetKiB).not.toBeNull();
    expect(quiz!.budgetKiB!).toBeLessThanOrEqual(95);
  });
});
