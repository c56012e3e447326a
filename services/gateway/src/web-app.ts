import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { Router } from 'express';

/**
 * Serves the built web app: hashed assets cached for a year (their names change with their
 * content), index.html never cached (so a deploy is picked up at once), and every other page
 * path answered with index.html so the browser router decides (unknown pages redirect to `/`).
 */
export function webAppRouter(distDir: string): Router {
  const router = Router();
  const index = join(distDir, 'index.html');
  router.use(
    '/assets',
    express.static(join(distDir, 'assets'), {
      immutable: true,
      maxAge: '365d',
      index: false,
      fallthrough: false,
    }),
  );
  router.use(
    express.static(distDir, {
      index: false,
      maxAge: '1h',
      setHeaders: (res, file) => {
        if (file.endsWith('index.html')) res.setHeader('Cache-Control', 'no-cache');
      },
    }),
  );
  router.get(/.*/, (req, res, next) => {
    if (!req.accepts('html')) return next();
    if (!existsSync(index)) {
      res.status(503).type('text').send('The web app is not built yet: run `npm run build`.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return router;
}
