/**
 * The one way the app talks to the backend: `callApi(route, input)` over the contracts' route
 * definitions. It builds the URL from the route's path (params encoded) and query, sends the
 * bearer token when a session exists (spec 000 section 6) and the JSON body, and parses the JSON
 * answer with the route's response schema, so a page gets the contract's type or an `ApiError`:
 * never a cast. Every failure is one `ApiError`: a non-2xx answer (`http`), no answer at all
 * (`network`) or a 2xx the schema refuses (`malformed`); its `message` is the text to show.
 */
import {
  identityMessages,
  type ApiRoute,
  type ErrorResponse,
  type RouteAuth,
} from '@clinic/contracts';
import type { z } from 'zod';
import { clearSession, getSession } from '../session/session';

/** Shown when the request never got an answer (offline, DNS, server down before HTTP). */
export const networkErrorText =
  'We could not reach the server. Please check your connection and try again.';
/** A generic failure text (spec 000 section 8 uses it for unexpected errors). */
export const genericErrorText = 'Something went wrong. Please try again.';

export type ApiErrorKind = 'http' | 'network' | 'malformed';

/** A failing field of a 400, as the server names it (dotted path) with its own message. */
export type FieldError = NonNullable<ErrorResponse['fields']>[number];

/** One problem of a malformed answer, as the schema reported it: where (path) and what. */
export type AnswerIssue = Pick<z.core.$ZodIssue, 'path' | 'message'>;

export interface ApiErrorInit {
  kind?: ApiErrorKind;
  /** The HTTP status; 0 when no answer came. */
  status: number;
  /** The text to show; by default the server's message, else a text for the kind and status. */
  message?: string;
  /** The answer's body, parsed when it was JSON. */
  body?: unknown;
  /** For `malformed`: what in the answer did not match the route's response schema. */
  issues?: readonly AnswerIssue[];
  cause?: unknown;
}

/** The `message` of an answer body, when it is a non-empty string. */
function messageIn(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('message' in body)) return null;
  const { message } = body;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/** The `fields` of an error body (`ErrorResponse`), each kept only when it has both strings. */
function fieldsIn(body: unknown): FieldError[] {
  const fields: unknown =
    typeof body === 'object' && body !== null && 'fields' in body ? body.fields : undefined;
  if (!Array.isArray(fields)) return [];
  return fields.filter(
    (f: Partial<Record<keyof FieldError, unknown>> | null): f is FieldError =>
      typeof f?.field === 'string' && typeof f.message === 'string',
  );
}

/** The text of a failure the server said nothing about. */
function defaultText(kind: ApiErrorKind, status: number): string {
  if (kind === 'network') return networkErrorText;
  if (kind === 'http' && status === 401) return identityMessages.notLoggedIn;
  if (kind === 'http' && status === 429) return identityMessages.tooManyAttempts;
  return genericErrorText;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** The HTTP status; 0 when no answer came (`network`). */
  readonly status: number;
  /** The answer's body, parsed when it was JSON. */
  readonly body: unknown;
  /** The server's own message (non-empty), or null when it sent none. */
  readonly serverMessage: string | null;
  /** The failing fields a 400 names (`fields` of the error body), in the server's order. */
  readonly fields: readonly FieldError[];
  /** For `malformed`: what in the answer did not match the route's response schema. */
  readonly issues: readonly AnswerIssue[];

  constructor(init: ApiErrorInit) {
    const kind = init.kind ?? 'http';
    const serverMessage = kind === 'network' ? null : messageIn(init.body);
    super(init.message ?? serverMessage ?? defaultText(kind, init.status), {
      cause: init.cause,
    });
    this.kind = kind;
    this.status = init.status;
    this.body = init.body;
    this.serverMessage = serverMessage;
    this.fields = fieldsIn(init.body);
    this.issues = init.issues ?? [];
  }

  /** No answer came: offline, DNS, refused connection, aborted. */
  get isNetwork(): boolean {
    return this.kind === 'network';
  }

  /** The names of the failing fields, in the server's order. */
  get fieldNames(): string[] {
    return this.fields.map((f) => f.field);
  }

  /** Another value of the error body (`attempts`, `blocked_until`...), when there is one. */
  detail(name: string): unknown {
    const { body } = this;
    return typeof body === 'object' && body !== null
      ? (body as Record<string, unknown>)[name]
      : undefined;
  }
}

/** The failure as an `ApiError`: itself, or a network failure for anything else thrown. */
export function toApiError(error: unknown): ApiError {
  return error instanceof ApiError
    ? error
    : new ApiError({ kind: 'network', status: 0, cause: error });
}

/** The text to show for any failure: the server's message, `fallback`, or the network text. */
export function errorMessage(
  error: unknown,
  fallback: string,
  networkFallback: string = networkErrorText,
): string {
  const failure = toApiError(error);
  if (failure.isNetwork) return networkFallback;
  return failure.serverMessage ?? fallback;
}

export type AnyRoute = ApiRoute<z.ZodType, z.ZodType, z.ZodType, z.ZodType, RouteAuth, z.ZodObject>;

/** A part of the request: required when the route's schema needs it, absent when it has none. */
type Part<K extends string, S> = [S] extends [z.ZodUndefined]
  ? { [P in K]?: undefined }
  : undefined extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : Record<string, never> extends z.input<S>
      ? { [P in K]?: z.input<S> }
      : { [P in K]: z.input<S> };

/** What `callApi` sends for a route: its path params, query and body, typed from the contract. */
export type CallInput<R> =
  R extends ApiRoute<infer P, infer Q, infer B, z.ZodType, RouteAuth, z.ZodObject>
    ? Part<'params', P> &
        Part<'query', Q> &
        Part<'body', B> & {
          /** Extra request headers (the route's own, such as `Idempotency-Key`). */
          headers?: Record<string, string>;
          signal?: AbortSignal;
        }
    : never;

/** What a route answers with, once parsed by its response schema. */
export type CallOutput<R> =
  R extends ApiRoute<z.ZodType, z.ZodType, z.ZodType, infer S> ? z.output<S> : never;

/** `/api/get-cart/:cart_id` with `{ cart_id: 'a/b' }` → `/api/get-cart/a%2Fb`, plus the query. */
export function buildPath(
  path: string,
  params?: Readonly<Record<string, unknown>>,
  query?: Readonly<Record<string, unknown>>,
): string {
  const filled = path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`${path}: no ${name}`);
    }
    return encodeURIComponent(String(value as string | number));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    search.append(name, String(value as string | number | boolean));
  }
  const text = search.toString();
  return text === '' ? filled : `${filled}?${text}`;
}

/** The answer's body, parsed when it is JSON (undefined when empty or not JSON). */
async function readBody(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (cause) {
    throw new ApiError({ kind: 'network', status: response.status, cause });
  }
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** What any call sends; the typed entry points are `callApi` and `callApiForBlob`. */
export interface RawInput {
  params?: unknown;
  query?: unknown;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * Sends one call of `route` and answers with its 2xx response; a non-2xx answer or none at all
 * is thrown as an `ApiError`.
 */
export async function sendRequest(
  route: Pick<ApiRoute, 'method' | 'path'>,
  input: RawInput,
  accept: string,
): Promise<Response> {
  const url = buildPath(
    route.path,
    input.params as Record<string, unknown> | undefined,
    input.query as Record<string, unknown> | undefined,
  );
  const headers = new Headers(input.headers);
  headers.set('Accept', accept);
  const session = getSession();
  if (session && !headers.has('Authorization')) {
    headers.set('Authorization', `Bearer ${session.token}`);
  }
  let body: string | undefined;
  if (input.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(input.body);
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method: route.method.toUpperCase(),
      headers,
      body,
      signal: input.signal,
    });
  } catch (cause) {
    throw new ApiError({ kind: 'network', status: 0, cause });
  }
  if (response.ok) return response;
  // A rejected token means the server no longer knows this session: forget it, so the
  // login-required routes send the user to /login.
  if (response.status === 401 && session) clearSession();
  throw new ApiError({ status: response.status, body: await readBody(response) });
}

/**
 * Calls `route` with `input` and answers with the response, parsed by the route's schema.
 * Throws an `ApiError` for a non-2xx answer, no answer, or an answer the schema refuses.
 */
export async function callApi<R extends AnyRoute>(
  route: R,
  ...[input]: Partial<CallInput<R>> extends CallInput<R> ? [CallInput<R>?] : [CallInput<R>]
): Promise<CallOutput<R>> {
  const response = await sendRequest(route, input ?? {}, 'application/json');
  const body = await readBody(response);
  const parsed = route.response.safeParse(body);
  if (parsed.success) return parsed.data as CallOutput<R>;
  throw new ApiError({
    kind: 'malformed',
    status: response.status,
    body,
    issues: parsed.error.issues,
  });
}
