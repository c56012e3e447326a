import { join } from 'node:path';
import { Router } from 'express';
import type { ServiceModule } from '@clinic/kit';
import type { MarketingDeps } from './deps';
import { funnelNeedsRebuild, rebuildFunnel } from './domain/funnel';
import { LiveConversions } from './realtime/live-conversions';
import { funnelRoutes } from './routes/funnel';
import { funnelSubscribers } from './subscribers';
import { catalogChangedOffersCopySubscriber } from './subscribers/catalog-changed-offers-copy';
import { sessionsRevokedCloseLiveSubscriber } from './subscribers/sessions-revoked-close-live';

export type { MarketingDeps } from './deps';

/**
 * Marketing (issue 28) owns the conversion funnel: a read model in its own schema built from the
 * product's events alone, holding counts, money and campaigns, never a person's name, contact,
 * answers or order ids; the console's calls that read it, and the live conversions sockets, for
 * marketing and admins only.
 */
export const marketingService: ServiceModule<MarketingDeps> = {
  name: 'marketing',
  migrationsDir: join(__dirname, 'db', 'migrations'),
  async build(runtime, deps) {
    // A new shape of the roll-ups starts empty: it is made again from the facts kept.
    if (await funnelNeedsRebuild(runtime.engines.database)) {
      const report = await rebuildFunnel(runtime.engines.database);
      runtime.logger.info(report, 'marketing: rebuilt the funnel from its facts');
    }
    const router = Router();
    funnelRoutes(router, runtime);
    const live = new LiveConversions({
      identity: deps.identity,
      db: runtime.db,
      clock: runtime.clock,
      logger: runtime.logger,
      redisUrl: deps.redisUrl,
      sessionSweepMs: deps.liveSessionSweepMs,
    });
    return {
      router,
      subscribers: [
        ...funnelSubscribers((conversion) => live.counted(conversion)),
        sessionsRevokedCloseLiveSubscriber(live),
        catalogChangedOffersCopySubscriber,
      ],
      attach: (server) => live.attach(server),
      onStart: () => live.start(),
      onStop: () => live.stop(),
    };
  },
};
