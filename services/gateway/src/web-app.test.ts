import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { webAppRouter } from './web-app';

const script = `export const app = ${JSON.stringify('x'.repeat(4000))};\n`;
const page = `<!doctype html><title>Clinic</title><div id="splash">${'Loading. '.repeat(300)}</div>`;

describe('the web app as the gateway serves it', () => {
  let dist: string;
  let server: http.Server;

  /** The answer's bytes as they travel (no client decompresses them). */
  const get = (path: string, headers: Record<string, string>) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        const { port } = server.address() as AddressInfo;
        http
          .get({ host: '127.0.0.1', port, path, headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                headers: res.headers,
                body: Buffer.concat(chunks),
              }),
            );
          })
          .on('error', reject);
      },
    );

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, 'assets', 'main-abc123.js'), script);
    writeFileSync(join(dist, 'assets', 'tiny-abc123.js'), 'export {};\n');
    writeFileSync(join(dist, 'index.html'), page);
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify({ x: 'y'.repeat(2000) }));
    // The copies the web build writes (web/scripts/precompress.ts) beside what is worth it.
    for (const file of [join(dist, 'assets', 'main-abc123.js'), join(dist, 'index.html')]) {
      const content = file.endsWith('.js') ? script : page;
      writeFileSync(`${file}.br`, brotliCompressSync(content));
      writeFileSync(`${file}.gz`, gzipSync(content));
    }
    for (const ext of ['br', 'gz'])
      writeFileSync(join(dist, '.vite', `manifest.json.${ext}`), 'not for the browser');
    const app = express();
    app.use(webAppRouter(dist));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
  });
  afterAll(() => {
    server.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends Brotli to a browser that takes it, with the script type and a year of caching', async () => {
    const res = await get('/assets/main-abc123.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
    expect(res.body.length).toBeLessThan(script.length / 10);
  });

  it('sends gzip when that is all the browser takes, and the file itself when it takes neither', async () => {
    const gz = await get('/assets/main-abc123.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);

    const plain = await get('/assets/main-abc123.js', { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('answers every page path with index.html, compressed and never cached', async () => {
    const res = await get('/checkout/some-cart', { Accept: 'text/html', 'Accept-Encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.body).toString()).toBe(page);
  });

  it('serves small files as they are, and never the build folder behind a dot or outside the build', async () => {
    const tiny = await get('/assets/tiny-abc123.js', { 'Accept-Encoding': 'br' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('export {};\n');
    const manifest = await get('/.vite/manifest.json', {
      Accept: 'application/json',
      'Accept-Encoding': 'br',
    });
    expect(manifest.status).toBe(404);
    const outside = await get('/assets/..%2F..%2Fetc%2Fpasswd', { 'Accept-Encoding': 'br' });
    expect(outside.status).not.toBe(200);
    expect((await get('/assets/missing.js', {})).status).toBe(404);
  });
});
