import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import type { Logger } from '../logging/logger';
import { runInContext } from '../context';
import type { Metrics } from '../metrics/metrics';
import { publishedPathOf } from './published-calls';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A path segment that is an id or a secret: a UUID, or any long run of letters and digits. */
const SECRET_SEGMENT = /^(?=.*\d)[A-Za-z0-9_~.%-]{16,}$/;

/**
 * The path as it may be logged: a matched API route by its pattern (`/api/get-cart/:cart_id`),
 * anything else with its id-like segments hidden. A checkout link's cart id works as a login and
 * a reset link's token is a password; neither may sit in a log line.
 */
export function loggablePath(req: Request): string {
  const pattern = req.route?.path as unknown;
  if (typeof pattern === 'string') return req.baseUrl + pattern;
  return (req.baseUrl + req.path)
    .split('/')
    .map((segment) => (SECRET_SEGMENT.test(segment) ? ':id' : segment))
    .join('/');
}

/**
 * What a request's latency is filed under: the pattern of the route that answered it, else the
 * published call its path belongs to (the gateway proxies without routes of its own), else
 * `unmatched`. Never the raw path: an id in it would make a series per cart.
 */
export function routeLabel(req: Request): string {
  const pattern = req.route?.path as unknown;
  if (typeof pattern === 'string') return req.baseUrl + pattern;
  return publishedPathOf(req.method, req.originalUrl.split('?')[0] ?? '') ?? 'unmatched';
}

/**
 * Takes the caller's `X-Request-Id` when it is sane, or makes one; echoes it; runs the request in
 * a work context so events it publishes carry it as their correlation id; and writes one log line
 * per request with its duration (path only: query strings may carry personal data).
 */
export function requestContext(service: string, logger: Logger, metrics?: Metrics): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get('x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = requestId;
    res.setHeader('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      metrics?.observeRequest(
        service,
        req.method,
        routeLabel(req),
        res.statusCode,
        durationMs / 1000,
      );
      const level = res.statusCode >= 500 ? 'error' : 'info';
      logger[level](
        {
          requestId,
          method: req.method,
          path: loggablePath(req),
          status: res.statusCode,
          durationMs: Math.round(durationMs * 10) / 10,
        },
        'request',
      );
    });
    runInContext({ correlationId: requestId, causationId: null }, next);
  };
}
