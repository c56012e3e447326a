import { join } from 'node:path';
import { Router } from 'express';
import { localAuditSource, type AuditSource, type ServiceModule } from '@clinic/kit';
import { auditTrailRoutes } from '../audit/routes';
import { RecentViews } from './domain/recent-views';
import { orderItemsRoutes } from './routes/order-items';
import { supportPatientOrdersRoutes } from './routes/support-patient-orders';
import { orderViewSubscribers } from './subscribers';

/** Every other service's audit trail, for the admin's merged one (none: only the gateway's). */
export type GatewayModuleDeps = { auditSources: readonly AuditSource[] } | undefined;

/**
 * The gateway's own calls (BRIEF section 4): the portal's order view, served from a read model
 * the gateway builds from the events of checkout, forms, the clinic and fulfilment, in its own
 * schema `gateway`; and the admin's audit trail, merged from every service's. Booted in-process
 * by single-node mode and by the cluster gateway alike.
 */
export const gatewayService: ServiceModule<GatewayModuleDeps> = {
  name: 'gateway',
  migrationsDir: join(__dirname, 'db', 'migrations'),
  build(runtime, deps) {
    const router = Router();
    const views = new RecentViews();
    orderItemsRoutes(router, runtime, views);
    supportPatientOrdersRoutes(router, runtime);
    auditTrailRoutes(router, runtime, [
      localAuditSource('gateway', runtime),
      ...(deps?.auditSources ?? []),
    ]);
    return { router, subscribers: orderViewSubscribers(views) };
  },
};
