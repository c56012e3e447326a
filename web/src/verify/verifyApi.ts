/**
 * The calls of /verify (spec 000 section 7), typed from the contract. Every answer is read
 * through the contract's response schema by the API client: an answer that does not match (a
 * 2xx saying `status: 'error'`, say) is thrown as an `ApiError` like any other failure, so the
 * steps still show the server's message when it sent one.
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
import { callApi, errorMessage, toApiError } from '../api/client';

export type StoredAddressCheck = z.infer<typeof validateStoredAddress.response>['data'];
export type AddressCheck = z.infer<typeof validateAddress.response>;
export type AddressRequest = z.input<NonNullable<typeof validateAddress.body>>;
export type SentCode = z.infer<typeof sendCode.response>;
export type Confirmation = z.infer<typeof verifyCode.response>;
export type VerificationStatus = z.infer<typeof verificationStatus.response>;

/** GET /api/verification-status: whether the phone and email are verified, skipped or pending. */
export async function readVerificationStatus(): Promise<VerificationStatus> {
  return callApi(verificationStatus);
}

/** GET /api/address/validate/{user id}: the stored address, checked. */
export async function checkStoredAddress(userId: string | number): Promise<StoredAddressCheck> {
  return (await callApi(validateStoredAddress, { params: { userId } })).data;
}

/** POST /api/address/validate: an address the patient typed, checked. */
export async function checkAddress(address: AddressRequest): Promise<AddressCheck> {
  return callApi(validateAddress, { body: address });
}

/** POST /api/ship-address. */
export async function saveAddress(address: AddressRequest): Promise<void> {
  await callApi(saveShipAddress, { body: address });
}

/** POST /api/send-code/{1 phone, 2 email}. */
export async function sendVerificationCode(type: VerificationType): Promise<SentCode> {
  return callApi(sendCode, { params: { type } });
}

/** POST /api/verify-code. */
export async function confirmCode(type: VerificationType, code: string): Promise<Confirmation> {
  return callApi(verifyCode, { body: { type, code } });
}

/** POST /api/skip-verification: recorded for staff to see. */
export async function recordSkip(type: VerificationType): Promise<void> {
  await callApi(skipVerification, { body: { type } });
}

/** POST /api/update-phone with the 10 digits. */
export async function changePhone(phone: string): Promise<Confirmation> {
  return callApi(updatePhone, { body: { phone } });
}

/** POST /api/update-email. */
export async function changeEmail(email: string): Promise<Confirmation> {
  return callApi(updateEmail, { body: { email } });
}

/**
 * What a failure shows (spec 000 section 8: the server's message is preferred): the server's
 * message, else `fallback` for an HTTP answer, else `networkFallback` when none came.
 */
export function failureText(error: unknown, fallback: string, networkFallback = fallback): string {
  return errorMessage(error, fallback, networkFallback);
}

/** A field of a failed call's body (the 422 and 429 answers carry a few beyond the message). */
export function errorField(error: unknown, field: string): unknown {
  return toApiError(error).detail(field);
}
