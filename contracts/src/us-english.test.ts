/**
 * The product speaks US English (BRIEF section 1 is written in British, the product is not): no
 * source file, whose strings are the pages, emails and messages patients read, may spell
 * "program" the British way.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const repoRoot = join(__dirname, '..', '..');
const roots = ['contracts/src', 'services', 'web/src', 'web/e2e'];
// Spelled in two parts so this file does not match itself.
const british = new RegExp(`program${'me'}`, 'i');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    // Build output (dist, tsc -b's .tsbuild declarations) repeats the sources it was made from.
    if (['node_modules', 'dist'].includes(entry.name) || entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|css|html|sql)$/.test(entry.name) ? [path] : [];
  });
}

describe('US English', () => {
  it('spells "program" the US way in every source file', () => {
    const files = roots.flatMap((root) => sourceFiles(join(repoRoot, root)));
    expect(files.length).toBeGreaterThan(100);
    const offending = files
      .filter((file) => british.test(readFileSync(file, 'utf8')))
      .map((file) => relative(repoRoot, file));
    expect(offending).toEqual([]);
  });
});
