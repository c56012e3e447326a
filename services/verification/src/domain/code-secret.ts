/**
 * Making and checking the 4-digit codes. The code is drawn with the CSPRNG and kept only as a
 * salted SHA-256; the comparison takes the same time whatever the input.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { verificationLimits } from '@clinic/contracts';

export interface HashedCode {
  salt: string;
  codeHash: string;
}

export function newCode(): string {
  return String(randomInt(0, 10 ** verificationLimits.codeLength)).padStart(
    verificationLimits.codeLength,
    '0',
  );
}

function digest(salt: string, code: string): Buffer {
  return createHash('sha256').update(`${salt}:${code}`).digest();
}

export function hashCode(code: string): HashedCode {
  const salt = randomBytes(16).toString('base64url');
  return { salt, codeHash: digest(salt, code).toString('base64url') };
}

export function codeMatches(stored: HashedCode, entered: string): boolean {
  return timingSafeEqual(digest(stored.salt, entered), Buffer.from(stored.codeHash, 'base64url'));
}
