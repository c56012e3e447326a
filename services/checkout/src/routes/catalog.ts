import type { Router } from 'express';
import { getAllProducts } from '@clinic/contracts';
import { bindRoute } from '@clinic/kit';
import type { CatalogCache } from '../domain/catalog-cache';

/**
 * The catalog from memory (see CatalogCache): its body made once per catalog version and sent as
 * is, with a strong ETag so a cached copy is revalidated with a 304 and no body.
 */
export function catalogRoutes(router: Router, catalog: CatalogCache): void {
  bindRoute(router, getAllProducts, async ({ req, res }) => {
    const snapshot = await catalog.current();
    // Browsers cache the list for 24 hours themselves (spec 000 section 7); shared caches may
    // hold it briefly, as it is the same for everyone, and revalidate it by its ETag.
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.setHeader('ETag', snapshot.etag);
    // `req.fresh`: a GET or HEAD whose If-None-Match names this ETag (or *), unless the request
    // itself says Cache-Control: no-cache.
    if (req.fresh) {
      res.status(304).end();
    } else {
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('Content-Length', snapshot.body.length);
      res.end(snapshot.body); // no body on a HEAD: Node drops it
    }
    // Sent already; bindRoute checks it against the contract outside production.
    return snapshot.response;
  });
}
