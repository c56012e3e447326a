/** POST /api/privacy-request, typed and read through the contract. */
import {
  privacyRequest,
  type PrivacyRequest,
  type PrivacyRequestResponse,
} from '@clinic/contracts';
import { ApiError, apiFetch } from '../api/client';

export async function sendPrivacyRequest(body: PrivacyRequest): Promise<PrivacyRequestResponse> {
  const answer = await apiFetch(privacyRequest.path, { method: 'POST', json: body });
  const parsed = privacyRequest.response.safeParse(answer);
  if (!parsed.success) throw new ApiError(200, 'Unexpected answer', answer);
  return parsed.data;
}

/**
 * The fields a 400 names ("Invalid request body: email: ...; name: ..."), each with its first
 * message, so the form can show the server's refusal beside the field it is about.
 */
export function fieldErrorsOf(message: string): Record<string, string> {
  const prefix = 'Invalid request body: ';
  if (!message.startsWith(prefix)) return {};
  const errors: Record<string, string> = {};
  for (const part of message.slice(prefix.length).split('; ')) {
    const at = part.indexOf(': ');
    if (at <= 0) continue;
    const field = part.slice(0, at);
    errors[field] ??= part.slice(at + 2);
  }
  return errors;
}
