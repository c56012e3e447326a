import type { IncomingMessage } from 'node:http';
import express, { type Express, type Router } from 'express';
import helmet from 'helmet';
import type { Logger } from '../logging/logger';
import type { Metrics } from '../metrics/metrics';
import { errorHandler, notFoundHandler } from './errors';
import { requestContext } from './request-context';

export interface HttpAppOptions {
  service: string;
  logger: Logger;
  metrics?: Metrics;
  bodyLimit?: string;
  /** Behind the gateway or a load balancer: trust X-Forwarded-For from this many hops. */
  trustProxy?: boolean | number | string;
  /** The gateway streams bodies through to services, so it does not parse them. */
  parseJson?: boolean;
}

/**
 * The Express app every service and the gateway start from: request id in and out, one log line
 * per request, security headers, JSON bodies with a size limit; `finishApp` adds the 404 and the
 * one error handler after the routes.
 */
export function createHttpApp(opts: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', opts.trustProxy ?? 'loopback');
  app.use(requestContext(opts.service, opts.logger, opts.metrics));
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          // The browser talks to its own origin only; Stripe's scripts come with the checkout issue.
          'connect-src': ["'self'", 'ws:', 'wss:'],
          'img-src': ["'self'", 'data:', 'blob:'],
          // A chosen video is read in the page (its length, its preview) through a blob: URL.
          'media-src': ["'self'", 'blob:'],
          // Would break plain-http local use; production is HTTPS-only through HSTS anyway.
          'upgrade-insecure-requests': null,
        },
      },
    }),
  );
  if (opts.parseJson !== false)
    app.use(express.json({ limit: opts.bodyLimit ?? '100kb', verify: keepRawBody }));
  return app;
}

/** A request whose JSON body was parsed by `keepRawBody`'s parser: the exact bytes received. */
export interface RawBodyRequest {
  rawBody?: Buffer;
}

/**
 * `verify` hook for `express.json`: keeps the body's exact bytes as `req.rawBody`, because a
 * webhook's signature (Stripe's) is computed over them and re-serializing the parsed object does
 * not give them back.
 */
export function keepRawBody(req: IncomingMessage, _res: unknown, buf: Buffer): void {
  (req as IncomingMessage & RawBodyRequest).rawBody = buf;
}

export function finishApp(app: Express | Router, logger: Logger): void {
  app.use(notFoundHandler);
  app.use(errorHandler(logger));
}
