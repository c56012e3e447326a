/**
 * A subscriber's file says what it reacts to and what it does: `<event>-<effect>.ts` (CONTRIBUTING,
 * "A subscriber"), the event being one the registry knows, so a reader finds every reaction to an
 * event by its name.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { productEvents } from './index';

const repoRoot = join(__dirname, '..', '..', '..');
/** Not subscribers: the gateway's list of its order view's subscribers and their shared shape. */
const helpers = new Set(['index.ts', 'order-view-subscriber.ts']);

function subscriberFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    // Build output (dist, tsc -b's .tsbuild declarations) and installed packages are not sources.
    if (['node_modules', 'dist'].includes(entry.name) || entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return subscriberFiles(path);
    const isSubscriber =
      /[\\/]subscribers$/.test(dir) &&
      entry.name.endsWith('.ts') &&
      !entry.name.endsWith('.d.ts') &&
      !entry.name.endsWith('.test.ts');
    return isSubscriber && !helpers.has(entry.name) ? [path] : [];
  });
}

describe('subscriber files', () => {
  it('are named <event>-<effect>.ts after a registered event', () => {
    const events = productEvents.all().map((event) => event.name);
    const files = subscriberFiles(join(repoRoot, 'services'));
    expect(files.length).toBeGreaterThan(40);
    const misnamed = files
      .filter((file) => {
        const name = file.slice(file.lastIndexOf('/') + 1, -'.ts'.length);
        return !events.some((event) => name.startsWith(`${event}-`));
      })
      .map((file) => relative(repoRoot, file));
    expect(misnamed).toEqual([]);
  });
});
