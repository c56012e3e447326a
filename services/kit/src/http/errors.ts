import type { ErrorRequestHandler, RequestHandler } from 'express';
import { type z } from 'zod';
import { DomainError, TooManyRequestsError, type DomainErrorKind } from '../domain/errors';
import type { Logger } from '../logging/logger';
import { publishedCalls } from './published-calls';
import { loggablePath } from './request-context';

/**
 * An error of the HTTP edge itself (routing, validation, authentication), whose message is safe
 * and meant for the caller. Domain code throws DomainError kinds instead.
 */
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

/** The one place a domain error becomes an HTTP status. */
const statusOfKind: Record<DomainErrorKind, number> = {
  invalid: 400,
  'payment-refused': 402,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  gone: 410,
  unprocessable: 422,
  locked: 423,
  'too-many-requests': 429,
  'upstream-failed': 502,
  unavailable: 503,
};

/** The HTTP status a domain error answers with. */
export function statusOfDomainError(error: DomainError): number {
  return statusOfKind[error.kind];
}

/**
 * A refusal recorded earlier as an answer (status and body), thrown again as the domain error it
 * was: an idempotent replay must answer exactly as the first call did.
 */
export function replayedRefusal(
  status: number,
  message: string,
  details: Record<string, unknown> = {},
): DomainError {
  const kind = (Object.keys(statusOfKind) as DomainErrorKind[]).find(
    (k) => statusOfKind[k] === status,
  );
  if (!kind) throw new Error(`No domain error answers with status ${status}`);
  return new (class extends DomainError {
    readonly kind = kind as DomainErrorKind;
  })(message, details);
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

/** Each failing field with its own message, for a client that shows it beside the field. */
export function fieldErrors(error: z.ZodError): { field: string; message: string }[] {
  return error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
}

/**
 * What no route answered: 405 with `Allow` when the path is a published call taken with another
 * method (a client's mistake worth naming), else 404.
 */
export const notFoundHandler: RequestHandler = (req, res, next) => {
  const allowed = publishedCalls.filter((call) => call.matches.test(req.path));
  // A call this process does not serve (the sandbox's tokens under Stripe) is simply not here.
  if (allowed.length > 0 && !allowed.some((call) => call.method === req.method)) {
    const methods = [...new Set(allowed.map((call) => call.method))];
    if (methods.includes('GET')) methods.push('HEAD');
    res.setHeader('Allow', methods.join(', '));
    return next(
      new HttpError(405, `Method ${req.method} is not allowed here. Use ${methods.join(' or ')}.`),
    );
  }
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
    } else if (err instanceof DomainError) {
      status = statusOfDomainError(err);
      message = err.message;
      extra = err.details;
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
    if (status >= 500) logger.error({ err, requestId, path: loggablePath(req) }, 'request failed');
    if (res.headersSent) return;
    res.setHeader('Cache-Control', 'no-store');
    if (err instanceof TooManyRequestsError)
      res.setHeader('Retry-After', String(Math.max(1, Math.ceil(err.retryAfterMs / 1000))));
    res.status(status).json({ status: 'error', message, requestId, ...extra });
  };
}

function isClientError(err: unknown): err is { status: number; type?: string } {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}
