import { z } from 'zod';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The services that own API calls (BRIEF section 4). */
export const serviceNames = ['checkout', 'intake', 'verification', 'forms', 'chat'] as const;
export type ServiceName = (typeof serviceNames)[number];

/**
 * One API call: its path (Express syntax, `:param`), the service that owns it and its schemas.
 * Services validate requests with these schemas and the OpenAPI document is generated from them,
 * so the published description cannot drift from what the server accepts.
 */
export interface ApiRoute<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  service: ServiceName;
  summary: string;
  auth: 'public' | 'patient' | 'staff';
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
>(route: ApiRoute<P, Q, B, R>): ApiRoute<P, Q, B, R> {
  return route;
}

/** The error body every service answers with: the spec's `status`/`message` pair. */
export const errorResponseSchema = z.object({
  status: z.literal('error'),
  message: z.string(),
  requestId: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
