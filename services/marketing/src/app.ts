import { join } from 'node:path';
import { Router } from 'express';
import type { ServiceModule } from '@clinic/kit';
import { funnelSubscribers } from './subscribers';

/**
 * Marketing (issue 28) owns the conversion funnel: a read model in its own schema built from the
 * product's events alone, holding counts, money and campaigns, never a person's name, contact,
 * answers or order ids.
 */
export const marketingService: ServiceModule = {
  name: 'marketing',
  migrationsDir: join(__dirname, 'db', 'migrations'),
  build() {
    return { router: Router(), subscribers: funnelSubscribers };
  },
};
