// `npm run build:services`: the production build of every service process and the gateway
// (issue 29): each `src/main.ts` (and the gateway's `src/cluster-main.ts`) bundled with the
// workspace packages it imports into one CommonJS file under the package's `dist/`, run with
// `node dist/main.js`. npm packages stay outside the bundle (node_modules, installed with
// `npm ci --omit=dev` in an image), so native and WebAssembly packages load as they do from source.
//
// Files read next to the code at run time (`__dirname`: migrations, questionnaires) keep their
// place: each source file's `__dirname` becomes its own folder under `dist/`, and the build
// copies every .sql and .json file of the bundled packages' `src/` there.
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { tsImport } = await import('tsx/esm/api');
const { backendServices } = await tsImport('@clinic/contracts/services', import.meta.url);

/** Every process: a service's main, and the gateway's two (single-node and cluster). */
const processes = [
  ...backendServices.map((name) => ({ pkg: `services/${name}`, entries: ['main'] })),
  { pkg: 'services/gateway', entries: ['main', 'cluster-main'] },
];

/** Bundles @clinic/* (TypeScript sources); leaves every npm package to node_modules. */
const workspaceOnly = {
  name: 'workspace-only',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@clinic/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** A source file's `__dirname` becomes the same folder under the bundle's dist/ (`src/` kept). */
function dirnameOfSource() {
  return {
    name: 'dirname-of-source',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        if (!text.includes('__dirname')) return undefined;
        const folder = relative(root, dirname(args.path));
        const place = `require("node:path").join(__dirname, ${JSON.stringify(join('files', folder))})`;
        return { contents: text.replaceAll(/\b__dirname\b/g, place), loader: 'ts' };
      });
    },
  };
}

/** The .sql and .json files under `dir`, as paths relative to the repository. */
function assetsUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return assetsUnder(path);
    return /\.(sql|json)$/.test(name) ? [relative(root, path)] : [];
  });
}

for (const { pkg, entries } of processes) {
  const distDir = join(root, pkg, 'dist');
  rmSync(distDir, { recursive: true, force: true });
  const result = await build({
    entryPoints: Object.fromEntries(entries.map((e) => [e, join(root, pkg, 'src', `${e}.ts`)])),
    outdir: distDir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
    plugins: [workspaceOnly, dirnameOfSource()],
  });
  // Copy the run-time files of every workspace source folder the bundle took code from.
  const folders = new Set(
    Object.keys(result.metafile.inputs)
      .filter((input) => !input.includes('node_modules'))
      .map((input) => input.split('/src/')[0] + '/src'),
  );
  for (const folder of folders)
    for (const asset of assetsUnder(join(root, folder))) {
      const target = join(distDir, 'files', asset);
      mkdirSync(dirname(target), { recursive: true });
      cpSync(join(root, asset), target);
    }
  console.log(`built ${pkg}/dist (${entries.map((e) => `${e}.js`).join(', ')})`);
}
