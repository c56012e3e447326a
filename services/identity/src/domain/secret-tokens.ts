import { createHash, randomBytes } from 'node:crypto';

/**
 * Bearer secrets (session tokens, password links): 32 random bytes, base64url, of which only the
 * SHA-256 is stored. A plain hash is enough here, unlike for passwords: the secret has 256 bits of
 * entropy, so there is nothing to guess.
 */
export interface SecretToken {
  token: string;
  hash: string;
}

export function newSecretToken(): SecretToken {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSecretToken(token) };
}

export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Only what `newSecretToken` makes can ever match, so anything else is refused before a query. */
export function looksLikeSecretToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
