/**
 * The calls of /verify (spec 000 section 7), typed from the contract. Every answer is read
 * through the contract's response schema: an answer that does not match (a 2xx saying
 * `status: 'error'`, say) is thrown as an `ApiError` carrying that body, so the steps handle it
 * like any other failure and still show the server's message when it sent one.
 */
import {
  saveShipAddress,
  sendCode,
  skipVerification,
  updateEmail,
  updatePhone,
  validateAddress,
  validateStoredAddress,
  verificationStatus,
  verifyCode,
  type VerificationType,
} from '@clinic/contracts';
import type { z } from 'zod';
import { ApiError, apiFetch } from '../api/client';

export type StoredAddressCheck = z.infer<typeof validateStoredAddress.response>['data'];
export type AddressCheck = z.infer<typeof validateAddress.response>;
export type AddressRequest = z.infer<typeof validateAddress.body>;
export type SentCode = z.infer<typeof sendCode.response>;
export type Confirmation = z.infer<typeof verifyCode.response>;
export type VerificationStatus = z.infer<typeof verificationStatus.response>;

function read<S extends z.ZodType>(schema: S, answer: unknown): z.infer<S> {
  const parsed = schema.safeParse(answer);
  if (!parsed.success) throw new ApiError(200, 'Unexpected answer', answer);
  return parsed.data;
}

const withParam = (path: string, name: string, value: string | number) =>
  path.replace(`:${name}`, encodeURIComponent(String(value)));

/** GET /api/verification-status: whether the phone and email are verified, skipped or pending. */
export async function readVerificationStatus(): Promise<VerificationStatus> {
  return read(verificationStatus.response, await apiFetch(verificationStatus.path));
}

/** GET /api/address/validate/{user id}: the stored address, checked. */
export async function checkStoredAddress(userId: string | number): Promise<StoredAddressCheck> {
  const answer = await apiFetch(withParam(validateStoredAddress.path, 'userId', userId));
  return read(validateStoredAddress.response, answer).data;
}

/** POST /api/address/validate: an address the patient typed, checked. */
export async function checkAddress(address: AddressRequest): Promise<AddressCheck> {
  const answer = await apiFetch(validateAddress.path, { method: 'POST', json: address });
  return read(validateAddress.response, answer);
}

/** POST /api/ship-address. */
export async function saveAddress(address: AddressRequest): Promise<void> {
  const answer = await apiFetch(saveShipAddress.path, { method: 'POST', json: address });
  read(saveShipAddress.response, answer);
}

/** POST /api/send-code/{1 phone, 2 email}. */
export async function sendVerificationCode(type: VerificationType): Promise<SentCode> {
  const answer = await apiFetch(withParam(sendCode.path, 'type', type), { method: 'POST' });
  return read(sendCode.response, answer);
}

/** POST /api/verify-code. */
export async function confirmCode(type: VerificationType, code: string): Promise<Confirmation> {
  const body: z.input<typeof verifyCode.body> = { type, code };
  const answer = await apiFetch(verifyCode.path, { method: 'POST', json: body });
  return read(verifyCode.response, answer);
}

/** POST /api/skip-verification: recorded for staff to see. */
export async function recordSkip(type: VerificationType): Promise<void> {
  const body: z.input<typeof skipVerification.body> = { type };
  const answer = await apiFetch(skipVerification.path, { method: 'POST', json: body });
  read(skipVerification.response, answer);
}

/** POST /api/update-phone with the 10 digits. */
export async function changePhone(phone: string): Promise<Confirmation> {
  const body: z.input<typeof updatePhone.body> = { phone };
  const answer = await apiFetch(updatePhone.path, { method: 'POST', json: body });
  return read(updatePhone.response, answer);
}

/** POST /api/update-email. */
export async function changeEmail(email: string): Promise<Confirmation> {
  const body: z.input<typeof updateEmail.body> = { email };
  const answer = await apiFetch(updateEmail.path, { method: 'POST', json: body });
  return read(updateEmail.response, answer);
}

/** The `message` of a failed call's body, when the server sent a non-empty one. */
export function serverMessageOf(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const body = error.body;
  if (typeof body !== 'object' || body === null) return null;
  const { message } = body as { message?: unknown };
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/**
 * What a failure shows (spec 000 section 8: the server's message is preferred): the server's
 * message, else `fallback` for an HTTP answer, else `networkFallback` when none came.
 */
export function failureText(error: unknown, fallback: string, networkFallback = fallback): string {
  if (!(error instanceof ApiError)) return networkFallback;
  return serverMessageOf(error) ?? fallback;
}

/** A field of a failed call's body (the 422 and 429 answers carry a few beyond the message). */
export function errorField(error: unknown, field: string): unknown {
  if (!(error instanceof ApiError)) return undefined;
  const body = error.body;
  return typeof body === 'object' && body !== null
    ? (body as Record<string, unknown>)[field]
    : undefined;
}
