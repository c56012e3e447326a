import { z } from 'zod';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The services that own API calls (BRIEF section 4). */
export const serviceNames = [
  'identity',
  'checkout',
  'intake',
  'verification',
  'forms',
  'chat',
] as const;
export type ServiceName = (typeof serviceNames)[number];

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
> {
  method: HttpMethod;
  path: string;
  service: ServiceName;
  summary: string;
  auth: A;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
}

export function defineRoute<
  P extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodType,
  A extends RouteAuth = RouteAuth,
>(route: ApiRoute<P, Q, B, R, A>): ApiRoute<P, Q, B, R, A> {
  return route;
}

/** The error body every service answers with: the spec's `status`/`message` pair. */
export const errorResponseSchema = z.object({
  status: z.literal('error'),
  message: z.string(),
  requestId: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
