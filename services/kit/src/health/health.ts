import { Router } from 'express';
import type { Metrics } from '../metrics/metrics';

export type Readiness = Record<string, Record<string, string>>;

/**
 * `/healthz` answers while the process is alive; `/readyz` checks what each service needs
 * (database, bus, queue) and answers 503 naming what is down, so a load balancer stops sending
 * traffic to an instance that cannot serve; `/metrics` is the Prometheus scrape.
 */
export function healthRouter(readiness: () => Promise<Readiness>, metrics: Metrics): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const checks = await readiness();
    const ready = Object.values(checks).every((c) => Object.values(c).every((v) => v === 'ok'));
    res.status(ready ? 200 : 503).json({ status: ready ? 'ok' : 'unavailable', checks });
  });
  router.get('/metrics', async (_req, res) => {
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  return router;
}
