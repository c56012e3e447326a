import type { Request, Response, Router } from 'express';
import type { z } from 'zod';
import type { ApiRoute, Principal } from '@clinic/contracts';
import { principalOf } from '../auth/principal';
import { HttpError, describeIssues, fieldErrors } from './errors';

type Parsed<S> = S extends z.ZodType ? z.infer<S> : undefined;

export interface RouteInput<R extends ApiRoute> {
  params: Parsed<Exclude<R['params'], undefined>>;
  query: Parsed<Exclude<R['query'], undefined>>;
  headers: Parsed<Exclude<R['headers'], undefined>>;
  body: Parsed<Exclude<R['body'], undefined>>;
  /** The caller; always present on routes that need a login. */
  principal: R['auth'] extends 'public' ? Principal | null : Principal;
  req: Request;
  res: Response;
}

export type RouteHandler<R extends ApiRoute> = (
  input: RouteInput<R>,
) => Promise<z.input<R['response']>>;

/** The declared headers, by their declared names (Express reads them case-insensitively). */
function declaredHeaders(schema: z.ZodObject | undefined, req: Request): unknown {
  if (!schema) return undefined;
  return Object.fromEntries(Object.keys(schema.shape).map((name) => [name, req.get(name)]));
}

function parsePart(schema: z.ZodType | undefined, value: unknown, what: string): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? {});
  if (!result.success)
    throw new HttpError(400, `Invalid ${what}: ${describeIssues(result.error)}`, {
      fields: fieldErrors(result.error),
    });
  return result.data;
}

const NOT_LOGGED_IN = 'Please log in to continue.';
/** Refused with 403, not 401: the link's session stays good for the order it finishes. */
export const CART_SESSION_REFUSED =
  'Your checkout link opens your order only. Please log in to your account for this.';
/** A staff member whose role this part of the console is not for. */
export const STAFF_ROLE_REFUSED = 'Your role does not include this part of the console.';
export const JSON_ONLY = 'Send the request body as JSON (Content-Type: application/json).';

/** Whether the request carries a body at all (a length, or a chunked stream). */
function hasBody(req: Request): boolean {
  const length = req.get('content-length');
  return (length !== undefined && length !== '0') || req.get('transfer-encoding') !== undefined;
}

/**
 * Mounts one API call from its contract: the caller must be logged in (or staff) when the route
 * says so (401/403), params, query and body are validated with the contract's schemas (400 with the failing fields named), the handler gets typed input, and outside
 * production the response is checked against the contract so drift fails tests loudly.
 */
export function bindRoute<R extends ApiRoute>(
  router: Router,
  route: R,
  handler: RouteHandler<R>,
  opts: { checkResponses: boolean } = { checkResponses: process.env.NODE_ENV !== 'production' },
): void {
  router[route.method](route.path, async (req, res) => {
    // Answers about one person (a session, a cart, a payment) must never sit in a shared cache.
    res.setHeader('Cache-Control', 'no-store');
    if (route.body && hasBody(req) && !req.is('application/json'))
      throw new HttpError(415, JSON_ONLY);
    const principal = principalOf(res.locals);
    if (route.auth !== 'public' && !principal) throw new HttpError(401, NOT_LOGGED_IN);
    // A checkout link's session finishes its order only; the rest needs a real login.
    if (route.auth !== 'public' && principal?.cartId && !route.allowCartSession)
      throw new HttpError(403, CART_SESSION_REFUSED);
    if (route.auth === 'staff' && principal?.role === 'patient')
      throw new HttpError(403, 'This is for clinic staff only.');
    if (
      route.staffRoles &&
      principal?.role !== 'admin' &&
      !route.staffRoles.some((role) => role === principal?.role)
    )
      throw new HttpError(403, STAFF_ROLE_REFUSED);
    const input = {
      principal,
      params: parsePart(route.params, req.params, 'path'),
      query: parsePart(route.query, req.query, 'query'),
      headers: parsePart(route.headers, declaredHeaders(route.headers, req), 'headers'),
      body: parsePart(route.body, req.body, 'request body'),
      req,
      res,
    } as RouteInput<R>;
    const body = await handler(input);
    if (opts.checkResponses) {
      const checked = route.response.safeParse(body);
      // A server bug, not the caller's fault: answer 500 and log the drift.
      if (!checked.success)
        throw new Error(
          `Response of ${route.method.toUpperCase()} ${route.path} breaks its contract: ${describeIssues(checked.error)}`,
        );
    }
    if (!res.headersSent) res.json(body);
  });
}
