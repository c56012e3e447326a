import type { Express } from 'express';
import { apiRoutes, buildOpenApiDocument } from '@clinic/contracts';
import {
  notFoundHandler,
  createHttpApp,
  finishApp,
  healthRouter,
  mailboxRouter,
  type Logger,
  type MailboxStore,
  type Metrics,
  type OffsetClock,
  type PrincipalSigner,
} from '@clinic/kit';
import type { IdentityDirectory } from '@clinic/identity-client';
import { devClockRouter } from './dev-clock';
import { loopbackOnly, mailboxAllowedIn } from './dev-mailbox-guard';
import { owningService } from './routing-table';
import { sessionAuth } from './session-auth';
import { SessionCache } from './session-cache';
import type { Upstream } from './upstream/upstream';
import { webAppRouter } from './web-app';

export interface GatewayDeps {
  logger: Logger;
  metrics: Metrics;
  upstream: Upstream;
  /** Resolves bearer tokens to callers. */
  identity: IdentityDirectory;
  /** Signs the caller for the services (the cluster's shared secret). */
  principals: PrincipalSigner;
  webDistDir: string;
  nodeEnv: 'development' | 'test' | 'production';
  /** The dev mailbox, browsable in development and test, from this machine only. */
  mailbox?: MailboxStore;
  /** A clock tests may move forward (mounted at /dev/clock when NODE_ENV is test). */
  devClock?: OffsetClock;
  /** How long a resolved session is reused (ms; 0: ask identity on every request). */
  sessionCacheMs?: number;
  /**
   * The proxies (load balancers) whose X-Forwarded-For is believed, as Express's `trust proxy`
   * takes them; none by default, so a client cannot name its own address.
   */
  trustProxy?: string;
  /** METRICS_TOKEN: /metrics answers it; unset, the internal network only (kit's metricsAccess). */
  metricsToken?: string;
}

/**
 * Paths that belong to the API: unknown ones get a JSON 404, never the web app. (/invoice/{id}
 * is a page of the web app: the caller's invoice, fetched from /api/invoice/{id}.)
 */
const API_PATH = /^\/(api|forms|sandbox|dev|internal)(\/|$)/;

/**
 * The single public entry: health and metrics, the OpenAPI document, the routing table to the
 * owning services (with the caller's session resolved), the dev mailbox (development and test, loopback only), and the web app for every other path.
 */
export function buildGatewayApp(deps: GatewayDeps): Express {
  const app = createHttpApp({
    service: 'gateway',
    logger: deps.logger,
    metrics: deps.metrics,
    parseJson: false,
    trustProxy: deps.trustProxy ?? false,
  });
  app.use(
    healthRouter(() => deps.upstream.readiness(), deps.metrics, {
      metricsToken: deps.metricsToken,
    }),
  );

  const openApi = buildOpenApiDocument(apiRoutes, { title: 'GLP Clinic API', version: '1.0.0' });
  app.get('/api/openapi.json', (_req, res) => {
    res.json(openApi);
  });

  const authenticate = sessionAuth(
    deps.identity,
    deps.principals,
    deps.logger,
    new SessionCache(deps.sessionCacheMs ?? 2000),
  );
  app.use((req, res, next) => {
    const service = owningService(req.path);
    if (!service) return next();
    authenticate(req, res, (err?: unknown) => {
      if (err) return next(err);
      deps.upstream.forward(service, req, res, next);
    });
  });

  if (deps.mailbox && mailboxAllowedIn(deps.nodeEnv))
    app.use('/dev/mailbox', loopbackOnly, mailboxRouter(deps.mailbox));
  if (deps.devClock && deps.nodeEnv === 'test')
    app.use('/dev/clock', devClockRouter(deps.devClock));

  app.use((req, res, next) => (API_PATH.test(req.path) ? notFoundHandler(req, res, next) : next()));
  app.use(webAppRouter(deps.webDistDir));
  finishApp(app, deps.logger);
  return app;
}
