import { Router } from 'express';
import type { Metrics } from '../metrics/metrics';
import { metricsAccess } from './metrics-access';

export type Readiness = Record<string, Record<string, string>>;

export interface HealthOptions {
  /** METRICS_TOKEN: the bearer token /metrics asks for; unset, the internal network only. */
  metricsToken?: string;
}

/**
 * `/healthz` answers while the process is alive, from the moment it listens; `/readyz` checks
 * what each service needs (database, bus, queue; while a service starts, each engine it is still
 * waiting for) and answers 503 naming what is not ready, so a load balancer sends traffic only
 * to an instance that can serve; `/metrics` is the Prometheus scrape, for Prometheus only (see
 * metricsAccess), with the same readiness as a gauge.
 */
export function healthRouter(
  readiness: () => Promise<Readiness>,
  metrics: Metrics,
  opts: HealthOptions = {},
): Router {
  metrics.backlog.watchReadiness(readiness);
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    let checks: Readiness;
    try {
      checks = await readiness();
    } catch (err) {
      checks = { process: { readiness: err instanceof Error ? err.message : String(err) } };
    }
    const ready = Object.values(checks).every((c) => Object.values(c).every((v) => v === 'ok'));
    res.status(ready ? 200 : 503).json({ status: ready ? 'ok' : 'unavailable', checks });
  });
  router.get('/metrics', metricsAccess(opts.metricsToken), async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  return router;
}
