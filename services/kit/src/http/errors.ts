import type { ErrorRequestHandler, RequestHandler } from 'express';
import { type z } from 'zod';
import type { Logger } from '../logging/logger';

/** An error whose message is safe and meant for the caller (the spec's texts). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';

/** Turns zod issues into one readable sentence naming each field. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const field = issue.path.join('.');
      return field ? `${field}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(new HttpError(404, `Not found: ${req.method} ${req.path}`));
};

/**
 * The one error handler: known errors answer with their own status and message, everything else
 * with a generic 500 that never leaks internals; the request id is echoed so support can find the
 * log line.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const requestId = res.locals.requestId as string | undefined;
    let status = 500;
    let message = GENERIC_ERROR_MESSAGE;
    let extra: Record<string, unknown> = {};
    if (err instanceof HttpError) {
      status = err.status;
      message = err.message;
      extra = err.extra;
    } else if (isClientError(err)) {
      // Errors of Express's own middleware (body parser, static files) carry a 4xx status.
      status = err.status;
      message =
        err.type === 'entity.too.large'
          ? 'Request body is too large.'
          : err.type === 'entity.parse.failed'
            ? 'Request body is not valid JSON.'
            : status === 404
              ? `Not found: ${req.method} ${req.path}`
              : 'The request could not be processed.';
    }
    if (status >= 500) logger.error({ err, requestId, path: req.path }, 'request failed');
    if (res.headersSent) return;
    res.status(status).json({ status: 'error', message, requestId, ...extra });
  };
}

function isClientError(err: unknown): err is { status: number; type?: string } {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}
