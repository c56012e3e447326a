/**
 * The rules of the /verify sequence (spec 000 sections 4, 5 and 9), shared by the page and the
 * verification service so the browser and the server refuse the same input.
 */
import { simpleEmailPattern } from './intake';

/** Spec 000 section 9, plus the server's limits that make a 4-digit code hard to guess (BRIEF 5). */
export const verificationLimits = {
  codeLength: 4,
  resendSeconds: 60,
  skipFlaggedAfterFailures: 2,
  successDelayMs: 1500,
  /** A code stops working this long after it was sent. */
  codeLifetimeMs: 10 * 60 * 1000,
  /** Wrong tries a code survives; the fifth wrong one kills it. */
  wrongTriesPerCode: 5,
  /** Codes sent to one account per channel in an hour. */
  sendsPerHour: 6,
  /** Wrong codes one account may enter in an hour, across its codes and both channels. */
  failuresPerHour: 10,
} as const;

/** The `type` of send-code and verify-code: 1 the phone, 2 the email. */
export const verificationChannels = { 1: 'phone', 2: 'email' } as const;
export type VerificationType = keyof typeof verificationChannels;
export type VerificationChannel = (typeof verificationChannels)[VerificationType];

export interface VerificationPhoneParts {
  areaCode: string;
  prefix: string;
  line: string;
}

/** Only digits are kept, each part cut to its length. */
export function phonePartDigits(value: string, length: number): string {
  return value.replace(/\D/g, '').slice(0, length);
}

/** A 3-digit part (area or prefix): not starting with 0 or 1, not 000 or 911. */
function isValidExchange(part: string): boolean {
  return /^[2-9]\d{2}$/.test(part) && part !== '911';
}

/** Spec 000 section 5, "Phone entry in verification". */
export function isValidVerificationPhone(parts: VerificationPhoneParts): boolean {
  return (
    isValidExchange(parts.areaCode) &&
    isValidExchange(parts.prefix) &&
    /^\d{4}$/.test(parts.line) &&
    parts.line !== '0000' &&
    parts.line !== '9111'
  );
}

/** The 10-digit form: area and prefix start with 2-9. */
export const verificationPhonePattern = /^[2-9]\d{2}[2-9]\d{2}\d{4}$/;
/** A US number written with its usual punctuation; its digits must pass the same rules. */
export const formattedPhonePattern = /^\(?[2-9]\d{2}\)?[ .-]?[2-9]\d{2}[ .-]?\d{4}$/;
/** What the 10-digit form may still not be: a 911 area or prefix, a 0000 or 9111 line. */
export const forbiddenPhonePatterns = [/^911/, /^\d{3}911/, /^\d{6}(0000|9111)$/];
/** The same, in the punctuated form. */
export const forbiddenFormattedPhonePatterns = [/^\D*911/, /^\D*\d{3}\D*911/, /(0000|9111)$/];

/** The same rule on the 10-digit string update-phone carries. */
export function isValidVerificationPhoneNumber(phone: string): boolean {
  if (!/^\d{10}$/.test(phone)) return false;
  return isValidVerificationPhone({
    areaCode: phone.slice(0, 3),
    prefix: phone.slice(3, 6),
    line: phone.slice(6),
  });
}

/** A new email: the simple pattern, no spaces, at most 256 characters. */
export function isValidVerificationEmail(email: string): boolean {
  return email.length <= 256 && simpleEmailPattern.test(email);
}

export function isCompleteCode(code: string): boolean {
  return new RegExp(`^\\d{${verificationLimits.codeLength}}$`).test(code);
}
