/**
 * TOTP codes (RFC 6238: HMAC-SHA1, 6 digits, 30-second steps) through otplib, the kept library.
 * A code is accepted for the step of the time given or the step either side (an app's clock may
 * be off by some seconds), and the answer is the step it matched: the caller refuses a step it
 * already accepted for the account, so each code works once.
 *
 * The time is the authenticator's, the real wall clock the staff member's phone follows: never
 * the product's test clock, which can be moved days ahead.
 */
import { authenticator } from 'otplib';

export const TOTP_STEP_MS = 30_000;
/** The issuer an authenticator app shows above the account. */
export const TOTP_ISSUER = 'GLP Clinic';

const totp = authenticator.clone({ step: TOTP_STEP_MS / 1000, window: 1, digits: 6 });

/** The time step a moment falls in. */
export const totpStepAt = (atMs: number): number => Math.floor(atMs / TOTP_STEP_MS);

/** A new secret: 20 random bytes in base32, as apps expect. */
export const newTotpSecret = (): string => totp.generateSecret(20);

/** What a QR code holds for an app to add the account. */
export const otpauthUri = (email: string, secret: string): string =>
  totp.keyuri(email, TOTP_ISSUER, secret);

/** The code of one time step. */
export function totpCodeForStep(secret: string, step: number): string {
  return totp.clone({ epoch: step * TOTP_STEP_MS }).generate(secret);
}

/** The step `code` belongs to, within one step of `atMs`, or null when it matches none. */
export function matchTotp(secret: string, code: string, atMs: number): number | null {
  const delta = totp.clone({ epoch: atMs }).checkDelta(code, secret);
  return delta === null ? null : totpStepAt(atMs) + delta;
}
