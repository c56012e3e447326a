import { join } from 'node:path';
import { Router } from 'express';
import type { ServiceModule } from '@clinic/kit';
import { funnelNeedsRebuild, rebuildFunnel } from './domain/funnel';
import { funnelRoutes } from './routes/funnel';
import { funnelSubscribers } from './subscribers';

/**
 * Marketing (issue 28) owns the conversion funnel: a read model in its own schema built from the
 * product's events alone, holding counts, money and campaigns, never a person's name, contact,
 * answers or order ids; and the console's calls that read it, for marketing and admins only.
 */
export const marketingService: ServiceModule = {
  name: 'marketing',
  migrationsDir: join(__dirname, 'db', 'migrations'),
  async build(runtime) {
    // A new shape of the roll-ups starts empty: it is made again from the facts kept.
    if (await funnelNeedsRebuild(runtime.engines.database)) {
      const report = await rebuildFunnel(runtime.engines.database);
      runtime.logger.info(report, 'marketing: rebuilt the funnel from its facts');
    }
    const router = Router();
    funnelRoutes(router, runtime);
    return { router, subscribers: funnelSubscribers };
  },
};
