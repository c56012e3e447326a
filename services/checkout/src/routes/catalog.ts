import type { Router } from 'express';
import { getAllProducts } from '@clinic/contracts';
import { bindRoute, type ServiceRuntime } from '@clinic/kit';
import { listProducts } from '../domain/catalog';

export function catalogRoutes(router: Router, runtime: ServiceRuntime): void {
  bindRoute(router, getAllProducts, async ({ res }) => {
    // Browsers cache the list for 24 hours themselves (spec 000 section 7); shared caches may
    // hold it briefly, as it is the same for everyone.
    res.setHeader('Cache-Control', 'public, max-age=300');
    return { status: 'success' as const, products: await listProducts(runtime.db) };
  });
}
