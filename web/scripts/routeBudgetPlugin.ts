import { gzipSync } from 'node:zlib';
import type { OutputBundle } from 'rollup';
import type { Plugin } from 'vite';
import { formatReport, routeSizes, type Manifest, type RouteBudget } from './routeBudget';

const MANIFEST = '.vite/manifest.json';

function source(bundle: OutputBundle, file: string): string | Uint8Array {
  const output = bundle[file];
  if (!output) throw new Error(`The build has no file ${file}`);
  return output.type === 'chunk' ? output.code : output.source;
}

/**
 * Prints each route's first-load gzipped JavaScript after `vite build` and fails the build when
 * one is over its budget. Needs `build.manifest` (the chunk graph it reads). `startModules`: what
 * the entry always imports dynamically on start (see routeBudget.ts).
 */
export function routeBudget(
  budgets: readonly RouteBudget[],
  startModules: readonly string[] = [],
): Plugin {
  return {
    name: 'route-budget',
    apply: 'build',
    writeBundle: {
      order: 'post',
      handler(_options, bundle) {
        const manifest = JSON.parse(String(source(bundle, MANIFEST))) as Manifest;
        const gzipped = new Map<string, number>();
        const gzipBytes = (file: string) => {
          let bytes = gzipped.get(file);
          if (bytes === undefined) {
            bytes = gzipSync(source(bundle, file)).length;
            gzipped.set(file, bytes);
          }
          return bytes;
        };
        const sizes = routeSizes(manifest, budgets, gzipBytes, startModules);
        this.info(`\n${formatReport(sizes)}`);
        const over = sizes.filter((size) => size.over);
        if (over.length > 0) {
          this.error(
            `Gzipped JavaScript over budget on ${over.map((size) => size.route).join(', ')} ` +
              '(web/scripts/routeBudgets.ts)',
          );
        }
      },
    },
  };
}
