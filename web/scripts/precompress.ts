/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build worth
 * compressing, once, at their best settings, so the gateway sends the browser a third of the
 * bytes without compressing anything per request (services/gateway/src/web-app.ts).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const compressible = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest']);
/** Below this a compressed copy saves less than its own headers cost. */
const minBytes = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : filesUnder(path);
    return [path];
  });
}

/** Compresses the files of `dir`; returns how many got copies. */
export function precompress(dir: string): number {
  let count = 0;
  for (const file of filesUnder(dir)) {
    if (!compressible.has(extname(file)) || statSync(file).size < minBytes) continue;
    const content = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    count += 1;
  }
  return count;
}

export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      precompress(outDir);
    },
  };
}
