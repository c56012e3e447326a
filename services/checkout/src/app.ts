import { join } from 'node:path';
import { Router } from 'express';
import type { ServiceModule } from '@clinic/kit';
import { catalogRoutes } from './routes/catalog';

/**
 * Checkout owns the money path (BRIEF section 4): products, carts, coupons, payments,
 * subscriptions and refunds. Today: the product catalog.
 */
export const checkoutService: ServiceModule = {
  name: 'checkout',
  migrationsDir: join(__dirname, 'db', 'migrations'),
  build(runtime) {
    const router = Router();
    catalogRoutes(router, runtime);
    return { router };
  },
};
