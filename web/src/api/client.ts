/**
 * The one way the app talks to the backend: same-origin paths (`/api/...`, `/forms/...`), a
 * bearer token when a session exists (spec 000 section 6), JSON in and out, and an `ApiError`
 * for every non-2xx answer.
 */
import { clearSession, getSession } from '../session/session';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    /** The parsed error body, when the server sent JSON. */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export interface ApiInit extends RequestInit {
  /** A value sent as the JSON request body (sets `Content-Type: application/json`). */
  json?: unknown;
}

function messageOf(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string' && message !== '') return message;
  }
  return undefined;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export async function apiFetch<T = unknown>(path: string, init: ApiInit = {}): Promise<T> {
  const { json, headers: initHeaders, ...rest } = init;
  const headers = new Headers(initHeaders);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');

  const session = getSession();
  if (session && !headers.has('Authorization')) {
    headers.set('Authorization', `Bearer ${session.token}`);
  }

  let body = rest.body;
  if (json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(json);
  }

  const response = await fetch(path, { ...rest, headers, body });
  const parsed = await readBody(response);

  if (!response.ok) {
    // A rejected token means the server no longer knows this session: forget it, so the
    // login-required routes send the user to /login.
    if (response.status === 401 && session) clearSession();
    throw new ApiError(
      response.status,
      messageOf(parsed) ?? `Request failed with status ${response.status}`,
      parsed,
    );
  }
  return parsed as T;
}
