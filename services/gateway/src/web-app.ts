import { existsSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import express, { Router, type RequestHandler, type Response } from 'express';

type SetHeaders = (res: Response, file: string) => void;

/**
 * The copy the web build compressed beforehand (`<file>.br`, `<file>.gz`, see
 * web/scripts/precompress.ts) when the browser takes that encoding, with the original's type and
 * cache headers; otherwise the next handler serves the file as it is.
 */
function precompressed(root: string, setHeaders: SetHeaders): RequestHandler {
  const base = normalize(root + sep);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // Brotli whenever it is taken (browsers list gzip first at the same weight).
    const encoding =
      req.acceptsEncodings('br') === 'br'
        ? 'br'
        : req.acceptsEncodings('gzip') === 'gzip'
          ? 'gzip'
          : null;
    if (!encoding) return next();
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    // Dot folders (the build's .vite manifest) are not served, compressed or not.
    if (path.includes('/.')) return next();
    const file = normalize(join(base, path));
    const copy = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
    if (!file.startsWith(base) || !existsSync(copy)) return next();
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Content-Encoding', encoding);
    res.type(extname(file));
    setHeaders(res, file);
    res.sendFile(copy, { dotfiles: 'deny', lastModified: true, cacheControl: false }, (err) => {
      if (err && !res.headersSent) next(err);
    });
  };
}

/**
 * Serves the built web app: hashed assets cached for a year (their names change with their
 * content), index.html never cached (so a deploy is picked up at once), and every other page
 * path answered with index.html so the browser router decides (unknown pages redirect to `/`).
 * Browsers that take Brotli or gzip get the build's compressed copies.
 */
export function webAppRouter(distDir: string): Router {
  const router = Router();
  const assets = join(distDir, 'assets');
  const index = join(distDir, 'index.html');
  const forever: SetHeaders = (res) =>
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  const anHour: SetHeaders = (res, file) =>
    res.setHeader(
      'Cache-Control',
      file.endsWith('index.html') ? 'no-cache' : 'public, max-age=3600',
    );
  router.use('/assets', precompressed(assets, forever));
  router.use(
    '/assets',
    express.static(assets, {
      immutable: true,
      maxAge: '365d',
      index: false,
      fallthrough: false,
    }),
  );
  router.use(precompressed(distDir, anHour));
  router.use(
    express.static(distDir, {
      index: false,
      maxAge: '1h',
      setHeaders: (res, file) => {
        if (file.endsWith('index.html')) res.setHeader('Cache-Control', 'no-cache');
      },
    }),
  );
  const sendIndex = precompressed(distDir, anHour);
  router.get(/.*/, (req, res, next) => {
    if (!req.accepts('html')) return next();
    if (!existsSync(index)) {
      res.status(503).type('text').send('The web app is not built yet: run `npm run build`.');
      return;
    }
    // Every page path is index.html, compressed when the browser takes it.
    req.url = '/index.html';
    sendIndex(req, res, () => {
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(index);
    });
  });
  return router;
}
