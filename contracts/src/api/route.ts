import { z } from 'zod';
import type { ServiceName } from '../services';
import type { Role } from '../rules/roles';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * One API call: its path (Express syntax, `:param`), the service that owns it and its schemas.
 * Services validate requests with these schemas and the OpenAPI document is generated from them,
 * so the published description cannot drift from what the server accepts.
 */
/** Who may call: anyone, any logged-in user, or staff only. */
export type RouteAuth = 'public' | 'patient' | 'staff';

export interface ApiRoute<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  A extends RouteAuth = RouteAuth,
  H extends z.ZodObject = z.ZodObject,
> {
  method: HttpMethod;
  path: string;
  service: ServiceName;
  summary: string;
  auth: A;
  /**
   * On a staff route: the roles that may call it (admins always may). Another staff role gets
   * 403; without it any staff role may.
   */
  staffRoles?: readonly Exclude<Role, 'patient' | 'admin'>[];
  /**
   * A session opened from a checkout link (scoped to its cart) may call this route: the steps
   * that finish that order. Every other route that needs a login refuses it with 403 (the
   * session stays good for its order, so the browser must not drop it as on a 401).
   */
  allowCartSession?: boolean;
  params?: P;
  query?: Q;
  /** Request headers the call needs, by their canonical name (`Idempotency-Key`). */
  headers?: H;
  body?: B;
  response: R;
  /** The request body's media type, when it is not JSON (a provider's form-post webhook). */
  requestContentType?: 'application/x-www-form-urlencoded';
  /** What a success answers with, when it is not JSON (an invoice is `application/pdf`). */
  responseContentType?: 'application/pdf' | 'text/xml' | 'text/csv';
  /** A JSON success under another media type than application/json (FHIR's). */
  responseMediaType?: 'application/fhir+json';
}

export function defineRoute<
  P extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodType,
  A extends RouteAuth = RouteAuth,
  H extends z.ZodObject = z.ZodObject,
>(route: ApiRoute<P, Q, B, R, A, H>): ApiRoute<P, Q, B, R, A, H> {
  return route;
}

/** The error body every service answers with: the spec's `status`/`message` pair. */
export const errorResponseSchema = z.object({
  status: z.literal('error'),
  message: z.string(),
  requestId: z.string().optional(),
  /** On a 400 from the schema: each failing field (dotted path) with its own message. */
  fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
