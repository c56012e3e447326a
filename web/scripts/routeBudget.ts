/**
 * What a first load of each route costs in gzipped JavaScript, from the build's Vite manifest:
 * the entry (index.html's script), the modules it always starts by dynamic import (the app, once
 * the loading screen has painted: src/boot.ts), the route's page module (a lazy chunk of the
 * route map), and every chunk they import statically, transitively. Dynamic imports inside them (a legal
 * document, Stripe, the help pages) load later and are not counted. The build prints the table
 * and fails when a route is over its budget (vite.config.ts, plugin `route-budget`).
 */

/** One chunk of `dist/.vite/manifest.json` (the fields read here). */
export interface ManifestChunk {
  file: string;
  /** The chunk's name: its module's file name without the extension. */
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** A route of the route map and the page module its `lazy` imports (a manifest key). */
export interface RouteBudget {
  route: string;
  module: string;
  /** The most its first load may weigh, in KiB (1024 bytes) of gzip; `null`: printed only. */
  budgetKiB: number | null;
}

export interface RouteSize extends RouteBudget {
  /** Gzipped bytes of `files`. */
  bytes: number;
  /** The JavaScript files a first load of the route downloads, entry first. */
  files: string[];
  over: boolean;
}

const KIB = 1024;

/** The manifest key of the app's entry (index.html's module script). */
export function entryKey(manifest: Manifest): string {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length !== 1) throw new Error(`Expected one entry chunk, found ${entries.length}`);
  return entries[0]!;
}

/** The chunks `keys` need before they run: themselves and their static imports, transitively. */
export function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no chunk ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...seen];
}

/**
 * The manifest key of `module` among the entry's dynamic imports. A chunk that also holds modules
 * other chunks import has no facade module: the manifest then keys it by its file (`_main-x.js`)
 * and names it after the module (`main`).
 */
function startKey(manifest: Manifest, entry: string, module: string): string {
  const dynamic = manifest[entry]?.dynamicImports ?? [];
  if (dynamic.includes(module)) return module;
  const name = module.replace(/^.*\//, '').replace(/\.[^.]+$/, '');
  const named = dynamic.filter((key) => manifest[key]?.name === name && !manifest[key]?.src);
  if (named.length !== 1) throw new Error(`The entry does not start ${module} in this build`);
  return named[0]!;
}

/**
 * The manifest key of a page's chunk: `module` itself, or, when a lazily loaded page's chunk
 * has no facade (a page it loads lazily imports from it, as the console's section pages import
 * SectionPage), the one dynamic entry keyed by its file and named after the module.
 */
function pageKey(manifest: Manifest, module: string): string {
  if (manifest[module]) return module;
  const name = module.replace(/^.*\//, '').replace(/\.[^.]+$/, '');
  const named = Object.keys(manifest).filter(
    (key) => manifest[key]?.name === name && manifest[key]?.isDynamicEntry && !manifest[key]?.src,
  );
  return named.length === 1 ? named[0]! : module;
}

/**
 * The JavaScript files of a first load of a route whose page is `module`. `startModules` are
 * manifest keys the entry always imports dynamically on start (they count as the entry does).
 */
export function firstLoadFiles(
  manifest: Manifest,
  module: string,
  startModules: readonly string[] = [],
): string[] {
  const page = pageKey(manifest, module);
  const chunk = manifest[page];
  if (!chunk?.isDynamicEntry) {
    // The table names a page the route map no longer loads lazily (renamed, moved or imported
    // statically): its numbers would be wrong, so say so rather than print them.
    throw new Error(`${module} is not a lazily loaded chunk of this build`);
  }
  const entry = entryKey(manifest);
  const starts = startModules.map((start) => startKey(manifest, entry, start));
  const keys = staticClosure(manifest, [entry, ...starts, page]);
  return keys.map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
}

/** Each route's first-load size against its budget; `gzipBytes` weighs one output file. */
export function routeSizes(
  manifest: Manifest,
  budgets: readonly RouteBudget[],
  gzipBytes: (file: string) => number,
  startModules: readonly string[] = [],
): RouteSize[] {
  return budgets.map((budget) => {
    const files = firstLoadFiles(manifest, budget.module, startModules);
    const bytes = files.reduce((sum, file) => sum + gzipBytes(file), 0);
    const over = budget.budgetKiB !== null && bytes > budget.budgetKiB * KIB;
    return { ...budget, files, bytes, over };
  });
}

const kib = (bytes: number) => (bytes / KIB).toFixed(1);

/** The table the build prints, one route a line, and a last line saying whether all fit. */
export function formatReport(sizes: readonly RouteSize[]): string {
  const routeWidth = Math.max(5, ...sizes.map((size) => size.route.length));
  const lines = sizes.map((size) => {
    const budget = size.budgetKiB === null ? '' : ` / ${size.budgetKiB} KiB`;
    const verdict = size.budgetKiB === null ? '' : size.over ? '  OVER BUDGET' : '  ok';
    const amount = `${kib(size.bytes).padStart(6)} KiB${budget}`;
    return `  ${size.route.padEnd(routeWidth)}  ${amount.padEnd(22)}${verdict}  (${size.files.length} files, ${size.module})`;
  });
  const over = sizes.filter((size) => size.over);
  const closing =
    over.length === 0
      ? 'Every route is within its budget.'
      : `Over budget: ${over.map((size) => size.route).join(', ')}.`;
  return [
    'Gzipped JavaScript of a first load, per route (entry + app + the page chunk + their static imports):',
    ...lines,
    closing,
  ].join('\n');
}
