import { join } from 'node:path';
import { Router } from 'express';
import type { ServiceModule } from '@clinic/kit';
import { RecentViews } from './domain/recent-views';
import { orderItemsRoutes } from './routes/order-items';
import { supportPatientOrdersRoutes } from './routes/support-patient-orders';
import { orderViewSubscribers } from './subscribers';

/**
 * The gateway's own calls (BRIEF section 4): the portal's order view, served from a read model
 * the gateway builds from the events of checkout, forms, the clinic and fulfilment, in its own
 * schema `gateway`. Booted in-process by single-node mode and by the cluster gateway alike.
 */
export const gatewayService: ServiceModule = {
  name: 'gateway',
  migrationsDir: join(__dirname, 'db', 'migrations'),
  build(runtime) {
    const router = Router();
    const views = new RecentViews();
    orderItemsRoutes(router, runtime, views);
    supportPatientOrdersRoutes(router, runtime);
    return { router, subscribers: orderViewSubscribers(views) };
  },
};
