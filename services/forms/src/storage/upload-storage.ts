/**
 * The one interface for patients' private uploads (BRIEF D2: local disk by default, S3 in cluster
 * mode), keyed by a string like `user_med_images/123_full_body_image_1732450000000_photo.jpg`.
 * Guarantees shared by every implementation (upload-storage.suite.ts runs against each):
 * - the browser sends the bytes itself with a short-lived signed PUT URL bound to one key, one
 *   Content-Type and an expiry; reads go through a short-lived signed GET URL; objects are never
 *   public;
 * - an object is written once: the PUT must carry `signedPutHeaders(contentType)` (the signed
 *   Content-Type and `If-None-Match: *`, else 403) and is refused with 412 when the key already
 *   holds an object, so bytes the server has checked stay the bytes it checked until it deletes
 *   them (a second PUT through the same link can neither succeed nor replace them);
 * - a signed GET is a download: `Content-Disposition: attachment` with the key's last part as
 *   the file name, and the Content-Type the caller asks for (the checked kind's) when it asks;
 * - every key is checked before use (no `..`, no leading `/`, no empty or `.` segment, only
 *   `[A-Za-z0-9._/-]`, at most 300 characters and 200 between two `/`): a bad one is an
 *   `InvalidUploadKeyError`, never a path outside the store;
 * - `head` of an unknown key is `null`, `delete` of an unknown key is a no-op, `readStart` of an
 *   unknown key is an `UploadStorageError` with code `not_found`.
 */

export interface UploadObjectInfo {
  /** Bytes stored. */
  size: number;
  /** The Content-Type the object was uploaded with. */
  contentType: string;
}

export interface SignedPutOptions {
  /** The Content-Type the browser must send with the PUT (the signature covers it). */
  contentType: string;
  /** How long the URL stays valid: a whole number of seconds, 1 to 604800 (7 days). */
  expiresInSeconds: number;
}

export interface SignedGetOptions {
  /** How long the URL stays valid: a whole number of seconds, 1 to 604800 (7 days). */
  expiresInSeconds: number;
  /**
   * The Content-Type the read answers with (the kind its bytes were checked to be), instead of
   * the one the browser claimed when it uploaded them.
   */
  contentType?: string;
}

export interface UploadStorage {
  /** 'local-disk' or 's3', for logs and health. */
  readonly kind: 'local-disk' | 's3';
  /**
   * A short-lived URL the browser PUTs the bytes to once, with `signedPutHeaders(contentType)`.
   */
  signedPutUrl(key: string, opts: SignedPutOptions): Promise<string>;
  /** A short-lived URL that downloads the object (`Content-Disposition: attachment`). */
  signedGetUrl(key: string, opts: SignedGetOptions): Promise<string>;
  /** Size and Content-Type of a stored object, or `null` when there is none. */
  head(key: string): Promise<UploadObjectInfo | null>;
  /** The first `bytes` bytes (fewer when the object is shorter), for magic-number checks. */
  readStart(key: string, bytes: number): Promise<Buffer>;
  /** Removes the object; removing an absent one is not an error. */
  delete(key: string): Promise<void>;
}

export type UploadStorageErrorCode =
  | 'invalid_key'
  | 'invalid_content_type'
  | 'invalid_expiry'
  | 'invalid_length'
  | 'not_found'
  | 'conflict'
  | 'already_stored';

/** A refused argument or a missing object: the caller's mistake, never a server fault. */
export class UploadStorageError extends Error {
  override readonly name: string = 'UploadStorageError';
  constructor(
    readonly code: UploadStorageErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** A key that could escape the store or that an object store would treat differently. */
export class InvalidUploadKeyError extends UploadStorageError {
  override readonly name = 'InvalidUploadKeyError';
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super('invalid_key', `Invalid upload key: ${reason}`);
  }
}

export const UPLOAD_KEY_MAX_LENGTH = 300;
/**
 * One part between two `/`: file systems cap a name at 255 bytes, and file-backed stores add a
 * temp suffix to it while writing (S3Proxy adds 37 characters), so 200 is storable everywhere.
 */
export const UPLOAD_KEY_SEGMENT_MAX_LENGTH = 200;
/** Longest validity of a signed URL (S3's own limit for SigV4 presigned URLs). */
export const MAX_SIGNED_URL_SECONDS = 604800;

const KEY_CHARS = /^[A-Za-z0-9._/-]+$/;
// type/subtype with RFC 6838 token characters, optional parameters (`; charset=utf-8`).
const CONTENT_TYPE =
  /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*(?:\s*;\s*[A-Za-z0-9!#$&^_.+-]+=(?:[A-Za-z0-9!#$&^_.+-]+|"[^"\\\r\n]*"))*$/;

/** Why `key` is not a valid upload key, or `null` when it is. */
export function uploadKeyProblem(key: unknown): string | null {
  if (typeof key !== 'string' || key.length === 0) return 'the key is empty';
  if (key.length > UPLOAD_KEY_MAX_LENGTH)
    return `the key is longer than ${UPLOAD_KEY_MAX_LENGTH} characters`;
  if (!KEY_CHARS.test(key)) return 'only letters, digits, ".", "_", "-" and "/" are allowed';
  if (key.startsWith('/')) return 'the key must not start with "/"';
  if (key.includes('..')) return 'the key must not contain ".."';
  if (key.endsWith('/')) return 'the key must not end with "/"';
  const segments = key.split('/');
  if (segments.some((s) => s === '' || s === '.'))
    return 'the key must not have an empty or "." segment';
  if (segments.some((s) => s.length > UPLOAD_KEY_SEGMENT_MAX_LENGTH))
    return `no part between "/" may be longer than ${UPLOAD_KEY_SEGMENT_MAX_LENGTH} characters`;
  return null;
}

export function isValidUploadKey(key: unknown): key is string {
  return uploadKeyProblem(key) === null;
}

/** Throws `InvalidUploadKeyError` unless `key` is a valid upload key. */
export function assertValidUploadKey(key: unknown): asserts key is string {
  const problem = uploadKeyProblem(key);
  if (problem !== null) throw new InvalidUploadKeyError(String(key).slice(0, 400), problem);
}

/** Throws `UploadStorageError('invalid_content_type')` unless it is a plain `type/subtype`. */
export function assertValidContentType(contentType: unknown): asserts contentType is string {
  if (
    typeof contentType !== 'string' ||
    contentType.length > 200 ||
    !CONTENT_TYPE.test(contentType)
  )
    throw new UploadStorageError('invalid_content_type', 'Invalid Content-Type for an upload');
}

/**
 * The `Content-Disposition` of every signed read: a download named after the key's last part
 * (keys hold only `[A-Za-z0-9._-]` between slashes, so the name needs no escaping).
 */
export function downloadDisposition(key: string): string {
  assertValidUploadKey(key);
  return `attachment; filename="${key.slice(key.lastIndexOf('/') + 1)}"`;
}

/** Throws `UploadStorageError('invalid_expiry')` unless a whole number of seconds in range. */
export function assertValidExpiry(seconds: unknown): asserts seconds is number {
  if (
    typeof seconds !== 'number' ||
    !Number.isInteger(seconds) ||
    seconds < 1 ||
    seconds > MAX_SIGNED_URL_SECONDS
  )
    throw new UploadStorageError(
      'invalid_expiry',
      `A signed URL's lifetime must be 1 to ${MAX_SIGNED_URL_SECONDS} whole seconds`,
    );
}

/** Throws `UploadStorageError('invalid_length')` unless a whole number of bytes, 0 or more. */
export function assertValidLength(bytes: unknown): asserts bytes is number {
  if (typeof bytes !== 'number' || !Number.isInteger(bytes) || bytes < 0 || bytes > 1 << 20)
    throw new UploadStorageError('invalid_length', 'readStart reads 0 to 1 MiB');
}
