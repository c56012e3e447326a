import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '../logging/logger';
import { runInContext } from '../context';
import type { Metrics } from '../metrics/metrics';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

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
      const route = (req.route?.path as string | undefined) ?? 'unmatched';
      metrics?.observeRequest(service, req.method, route, res.statusCode, durationMs / 1000);
      const level = res.statusCode >= 500 ? 'error' : 'info';
      logger[level](
        {
          requestId,
          method: req.method,
          path: req.baseUrl + req.path,
          status: res.statusCode,
          durationMs: Math.round(durationMs * 10) / 10,
        },
        'request',
      );
    });
    runInContext({ correlationId: requestId, causationId: null }, next);
  };
}
