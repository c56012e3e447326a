import express, { type Router } from 'express';
import type { ServiceName } from '@clinic/contracts';
import {
  finishApp,
  keepRawBody,
  principalMiddleware,
  type Logger,
  type Readiness,
  type ServiceRuntime,
} from '@clinic/kit';
import type { Upstream } from './upstream';

/**
 * Single-node mode: each service's router runs in this process. A service's errors are answered
 * by its own error handler, exactly as when it runs alone behind the proxy.
 */
export class InProcessUpstream implements Upstream {
  private readonly apps = new Map<ServiceName, Router>();

  constructor(
    services: { name: ServiceName; router: Router; runtime: ServiceRuntime }[],
    logger: Logger,
    bodyLimit: string,
    private readonly runtimes = services.map((s) => s.runtime),
  ) {
    for (const service of services) {
      const app = express.Router();
      app.use(express.json({ limit: bodyLimit, verify: keepRawBody }));
      app.use(principalMiddleware(service.runtime.engines.principals));
      app.use(service.router);
      finishApp(app, logger.child({ service: service.name }));
      this.apps.set(service.name, app);
    }
  }

  forward: Upstream['forward'] = (service, req, res, next) => {
    const app = this.apps.get(service);
    if (!app) return next();
    app(req, res, next);
  };

  async readiness(): Promise<Readiness> {
    const entries = await Promise.all(
      this.runtimes.map(async (r) => [r.name, await r.readiness()] as const),
    );
    return Object.fromEntries(entries);
  }
}
