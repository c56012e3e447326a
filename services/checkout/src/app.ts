import { join } from 'node:path';
import { Router } from 'express';
import type { ServiceModule } from '@clinic/kit';
import { sandboxTokensRoute } from './payments/sandbox/tokens-route';
import { cartRoutes } from './routes/cart';
import { couponRoutes } from './routes/coupons';
import { catalogRoutes } from './routes/catalog';
import {
  leadDisqualifiedSubscriber,
  leadQualifiedSubscriber,
} from './subscribers/lead-eligibility';

/**
 * Checkout owns the money path (BRIEF section 4): products, carts, coupons, payments,
 * subscriptions and refunds. Today: the product catalog, saved carts and what it learns of each
 * patient's eligibility from intake's events.
 */
export const checkoutService: ServiceModule = {
  name: 'checkout',
  migrationsDir: join(__dirname, 'db', 'migrations'),
  build(runtime) {
    const router = Router();
    catalogRoutes(router, runtime);
    cartRoutes(router, runtime);
    couponRoutes(router, runtime);
    sandboxTokensRoute(router, runtime);
    return {
      router,
      subscribers: [
        leadQualifiedSubscriber(runtime.clock),
        leadDisqualifiedSubscriber(runtime.clock),
      ],
    };
  },
};
