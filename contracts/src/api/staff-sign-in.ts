/**
 * The second step of a staff member's login (issue 30): after the right password, a code from
 * their authenticator app (TOTP, RFC 6238) or one of their recovery codes; a member without an
 * app yet enrols one first. A patient's login never has this step.
 */
import { z } from 'zod';
import { text } from './fields';
import { defineRoute } from './route';
import { loginResponseSchema } from './identity';

export const secondFactorMessages = {
  codeNeeded: 'Enter the 6-digit code from your authenticator app.',
  enrolNeeded:
    'Staff accounts sign in with a code from an authenticator app. Set it up now to finish logging in.',
  wrong: 'That code is not right. Check the code in your authenticator app and try again.',
  reused: 'That code was already used. Wait for your app to show a new code, then enter it.',
  recoveryWrong: 'That recovery code is not right. Check it and try again.',
  recoveryUsed: 'That recovery code was already used: each one works once. Use another one.',
  expired: 'Your login took too long or had too many tries. Log in again with your password.',
  alreadyEnrolled: 'This account already has an authenticator app. Log in with a code from it.',
  enrolled:
    'Your authenticator app is set up. Keep these recovery codes somewhere safe: each one logs you in once if you lose your phone. They are shown only now.',
} as const;

/**
 * Why the second step answered 401: the code is not right now (`code_wrong`), its time step was
 * already used for this account (`code_reused`), the recovery code is unknown
 * (`recovery_code_wrong`) or spent (`recovery_code_used`), or the challenge is over
 * (`challenge_expired`: too old, used, or too many tries). Sent as `reason` in the error body.
 */
export const secondFactorReasons = [
  'code_wrong',
  'code_reused',
  'recovery_code_wrong',
  'recovery_code_used',
  'challenge_expired',
] as const;
export type SecondFactorReason = (typeof secondFactorReasons)[number];

const challenge = text(64).min(1, 'Log in again with your password');
const totpCode = z
  .string()
  .trim()
  .regex(/^[0-9]{6}$/, 'The code is the 6 digits your authenticator app shows');
/**
 * Ten characters from a set without look-alikes, shown as two groups of five ("abcde-fghij"),
 * taken as typed: any case, with spaces or dashes anywhere. The pattern says so in the OpenAPI
 * document too (ASCII classes only, so every regex engine reads it alike).
 */
const recoveryCode = text(32)
  .regex(/^[ -]*([A-Za-z0-9][ -]*){10}$/, 'A recovery code is 10 letters and digits')
  .transform((code) => code.replace(/[ -]/g, '').toLowerCase());

export const secondFactorRequestSchema = z.union([
  z.object({ challenge, code: totpCode }).strict(),
  z.object({ challenge, recovery_code: recoveryCode }).strict(),
]);

export const secondFactor = defineRoute({
  method: 'post',
  path: '/api/login/second-factor',
  service: 'identity',
  auth: 'public',
  summary:
    "A staff login's second step: the challenge POST /api/login answered, with the 6-digit code from the authenticator app (each time step once per account) or a one-time recovery code; answers the session like POST /api/login. Wrong codes count as failed logins (same limits); 5 wrong tries end the challenge.",
  body: secondFactorRequestSchema,
  response: loginResponseSchema,
});

export const enrolmentSchema = z.object({
  /** The otpauth:// URI the QR code holds (issuer, account, secret). */
  otpauth_uri: z.string(),
  /** The same secret as text (base32), for typing into an app by hand. */
  secret: z.string(),
  /** The QR code as a PNG data URL. */
  qr_code: z.string(),
});
export type Enrolment = z.infer<typeof enrolmentSchema>;

export const startEnrolment = defineRoute({
  method: 'post',
  path: '/api/login/enrolment',
  service: 'identity',
  auth: 'public',
  summary:
    'Starts enrolling an authenticator app for a staff member without one (the challenge of a login that answered next: enrol): a new secret as a QR code and as text. Asking again replaces a secret not yet confirmed.',
  body: z.object({ challenge }).strict(),
  response: enrolmentSchema,
});

export const confirmEnrolment = defineRoute({
  method: 'post',
  path: '/api/login/enrolment/confirm',
  service: 'identity',
  auth: 'public',
  summary:
    'Confirms the enrolment with a first code from the app: answers the session and ten one-time recovery codes, shown only in this answer (stored hashed).',
  body: z.object({ challenge, code: totpCode }).strict(),
  response: loginResponseSchema.extend({ recovery_codes: z.array(z.string()).length(10) }),
});
