/**
 * Password hashing with argon2id at OWASP's recommended minimum (19 MiB, 2 passes, 1 lane),
 * stored as the standard PHC string (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`) so the
 * parameters can be raised later and old hashes still verify. Verification compares in constant
 * time; `spendPasswordCheck` does the same work for an account that does not exist, so the time a
 * login takes does not tell whether the email has an account.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Argon2Workers } from './argon2-workers';

export const argon2Params = {
  memoryKiB: 19456,
  iterations: 2,
  parallelism: 1,
  hashLength: 32,
  saltLength: 16,
} as const;

const VERSION = 19;

// Bounds on what a stored hash may ask for, so a corrupt row cannot make one login take minutes
// or gigabytes.
const MAX_MEMORY_KIB = 1 << 20;
const MAX_ITERATIONS = 20;
const MAX_PARALLELISM = 16;

const workers = new Argon2Workers();

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64').replace(/=+$/, '');

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(argon2Params.saltLength);
  const { memoryKiB, iterations, parallelism, hashLength } = argon2Params;
  const hash = await workers.derive({
    password,
    salt,
    memoryKiB,
    iterations,
    parallelism,
    hashLength,
  });
  return `$argon2id$v=${VERSION}$m=${memoryKiB},t=${iterations},p=${parallelism}$${b64(salt)}$${b64(hash)}`;
}

interface ParsedHash {
  memoryKiB: number;
  iterations: number;
  parallelism: number;
  salt: Buffer;
  hash: Buffer;
}

const PHC =
  /^\$argon2id\$v=19\$m=(\d{1,8}),t=(\d{1,3}),p=(\d{1,3})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

function parseHash(encoded: string): ParsedHash | null {
  const match = PHC.exec(encoded);
  if (!match) return null;
  const [, m, t, p, salt, hash] = match;
  const parsed = {
    memoryKiB: Number(m),
    iterations: Number(t),
    parallelism: Number(p),
    salt: Buffer.from(salt ?? '', 'base64'),
    hash: Buffer.from(hash ?? '', 'base64'),
  };
  const sane =
    parsed.iterations >= 1 &&
    parsed.iterations <= MAX_ITERATIONS &&
    parsed.parallelism >= 1 &&
    parsed.parallelism <= MAX_PARALLELISM &&
    parsed.memoryKiB >= 8 * parsed.parallelism &&
    parsed.memoryKiB <= MAX_MEMORY_KIB &&
    parsed.salt.length >= 8 &&
    parsed.hash.length >= 16;
  return sane ? parsed : null;
}

/** Whether `password` matches the stored hash; false for a malformed hash. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parsed = parseHash(encoded);
  // hash-wasm cannot hash an empty password, so none was ever stored (the API requires one).
  if (!parsed || password.length === 0) return false;
  const derived = await workers.derive({
    password,
    salt: parsed.salt,
    memoryKiB: parsed.memoryKiB,
    iterations: parsed.iterations,
    parallelism: parsed.parallelism,
    hashLength: parsed.hash.length,
  });
  return timingSafeEqual(Buffer.from(derived), parsed.hash);
}

let decoy: Promise<string> | undefined;

/** Costs what a real verification costs, for logins whose account does not exist. */
export async function spendPasswordCheck(password: string): Promise<void> {
  decoy ??= hashPassword(randomBytes(16).toString('base64url')).catch((err: unknown) => {
    decoy = undefined;
    throw err;
  });
  await verifyPassword(password, await decoy);
}

/** Stops the hashing threads (test teardown); the next hash starts them again. */
export function stopPasswordWorkers(): Promise<void> {
  return workers.close();
}
