/** How the account pages turn an `apiFetch` failure into the text they show. */
import { identityMessages } from '@clinic/contracts';
import { ApiError } from '../api/client';

/** Shown when the request never got an answer (offline, DNS, server down before HTTP). */
export const networkErrorText =
  'We could not reach the server. Please check your connection and try again.';

/** A generic failure text (spec 000 section 8 uses it for unexpected errors). */
export const genericErrorText = 'Something went wrong. Please try again.';

/** The `message` of a server body (`{status, message}`), when there is a non-empty one. */
export function serverMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('message' in body)) return undefined;
  const { message } = body as { message: unknown };
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

/**
 * The text for an error thrown by `apiFetch`: the connection text when no HTTP answer came,
 * the server's own text for 429 (it says how long to wait), otherwise what `httpText` decides
 * for the page (each page has its own spec text for HTTP errors).
 */
export function errorText(error: unknown, httpText: (error: ApiError) => string): string {
  if (!(error instanceof ApiError)) return networkErrorText;
  if (error.status === 429) return serverMessage(error.body) ?? identityMessages.tooManyAttempts;
  return httpText(error);
}
