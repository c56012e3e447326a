/** POST /api/privacy-request, typed and read through the contract. */
import {
  privacyRequest,
  type PrivacyRequest,
  type PrivacyRequestResponse,
} from '@clinic/contracts';
import { callApi, type ApiError } from '../api/client';

export async function sendPrivacyRequest(body: PrivacyRequest): Promise<PrivacyRequestResponse> {
  return callApi(privacyRequest, { body });
}

/**
 * The fields a 400 names, each with its first message, so the form can show the server's refusal
 * beside the field it is about: the error's `fields`, or those its message lists ("Invalid
 * request body: email: ...; name: ...") when the answer has none.
 */
export function fieldErrorsOf(error: Pick<ApiError, 'fields' | 'message'>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { field, message } of error.fields) errors[field.split('.')[0]!] ??= message;
  if (error.fields.length > 0) return errors;
  const prefix = 'Invalid request body: ';
  if (!error.message.startsWith(prefix)) return {};
  for (const part of error.message.slice(prefix.length).split('; ')) {
    const at = part.indexOf(': ');
    if (at <= 0) continue;
    const field = part.slice(0, at);
    errors[field] ??= part.slice(at + 2);
  }
  return errors;
}
