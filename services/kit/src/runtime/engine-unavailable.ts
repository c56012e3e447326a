import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from '../logging/logger';
import { describeError, isTransientError } from './transient-errors';

export const STARTING_MESSAGE = 'The service is starting. Please try again in a moment.';
export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again.';

/**
 * While the process starts, every request but the health probes gets a 503 at once, naming what
 * it is waiting for, instead of waiting with it or failing on a half-built service.
 */
export function startingGate(waitingFor: () => string[]): RequestHandler {
  return (_req, res) => {
    res
      .status(503)
      .set('Retry-After', '5')
      .json({
        status: 'error',
        message: STARTING_MESSAGE,
        waitingFor: waitingFor(),
        requestId: res.locals.requestId as string | undefined,
      });
  };
}

/**
 * A request that met an engine which is away for a moment (a database restarting, Redis
 * reconnecting, a broker electing a leader) answers 503 with a clear message rather than the
 * generic 500 of a bug; the log line names the engine error, never the request's data.
 */
export function engineUnavailableHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (!isTransientError(err) || res.headersSent) return next(err);
    const requestId = res.locals.requestId as string | undefined;
    logger.warn(
      { requestId, path: req.path, error: describeError(err) },
      'an engine is unavailable; answered 503',
    );
    res
      .status(503)
      .set('Retry-After', '5')
      .json({ status: 'error', message: UNAVAILABLE_MESSAGE, requestId });
  };
}
