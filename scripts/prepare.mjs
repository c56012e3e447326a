// What both start commands do first on a fresh machine: install packages when they are missing
// or older than the lockfile, and build the web app when its sources changed since the last build.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function run(command) {
  console.log(`> ${command}`);
  execSync(command, { cwd: root, stdio: 'inherit' });
}

export function ensureInstalled() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  if (
    !existsSync(marker) ||
    statSync(marker).mtimeMs < statSync(join(root, 'package-lock.json')).mtimeMs
  ) {
    // Not `npm ci`: the registry mirror we build from lacks other platforms' optional binaries, so
    // the lockfile cannot list them and `npm ci` refuses it; `npm install` honours the lockfile.
    run('npm install --no-audit --no-fund');
  }
}

export function ensureWebBuilt() {
  const built = join(root, 'web', 'dist', 'index.html');
  const sources = Math.max(
    newestMtime(join(root, 'web', 'src')),
    newestMtime(join(root, 'web', 'index.html')),
    newestMtime(join(root, 'web', 'public')),
    newestMtime(join(root, 'contracts', 'src')),
  );
  if (!existsSync(built) || statSync(built).mtimeMs < sources) run('npm run build -w @clinic/web');
}

/** Cluster mode runs the production build of each process (scripts/build-services.mjs, ~1 s). */
export function buildServices() {
  run('npm run build:services --silent');
}
