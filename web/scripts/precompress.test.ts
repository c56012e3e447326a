/**
 * @jest-environment node
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompress } from './precompress';

describe('the build’s compressed copies', () => {
  it('writes .br and .gz beside each text file worth compressing, and nothing else', () => {
    const dist = mkdtempSync(join(tmpdir(), 'precompress-'));
    try {
      mkdirSync(join(dist, 'assets'));
      mkdirSync(join(dist, '.vite'));
      const script = `export const text = ${JSON.stringify('words '.repeat(800))};`;
      writeFileSync(join(dist, 'assets', 'app-1.js'), script);
      writeFileSync(join(dist, 'assets', 'app-1.css'), `.a{color:red}\n`.repeat(200));
      writeFileSync(join(dist, 'index.html'), `<p>${'hello '.repeat(400)}</p>`);
      writeFileSync(join(dist, 'assets', 'small.js'), 'export {};');
      writeFileSync(join(dist, 'assets', 'photo.png'), Buffer.alloc(4096, 7));
      writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify({ x: 'y'.repeat(4000) }));

      expect(precompress(dist)).toBe(3);
      const file = join(dist, 'assets', 'app-1.js');
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(script);
      expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(script);
      expect(readFileSync(`${file}.br`).length).toBeLessThan(script.length / 5);
      expect(existsSync(join(dist, 'index.html.br'))).toBe(true);
      expect(existsSync(join(dist, 'assets', 'app-1.css.gz'))).toBe(true);
      for (const skipped of ['assets/small.js', 'assets/photo.png', '.vite/manifest.json'])
        expect(existsSync(join(dist, `${skipped}.br`))).toBe(false);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
