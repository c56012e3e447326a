/**
 * UploadStorage on the local disk, the single-machine default (BRIEF D2). Guarantees:
 * - an object's bytes live at `<dir>/objects/<key>` and its Content-Type at `<dir>/meta/<key>`;
 *   a key is validated before it becomes a path, so nothing is ever read or written outside
 *   `<dir>`;
 * - signed URLs point at `${publicBase}/forms/uploads/<key>` (served by local-upload-routes.ts)
 *   and carry `expires` (Unix seconds), `method`, `ct` (PUT: the Content-Type to send; GET: the
 *   one to answer with, when asked) and `sig`, an HMAC-SHA256 with the secret over method, key,
 *   expiry and Content-Type: changing any of them, or using a PUT URL to GET, voids it;
 * - an upload becomes visible only whole, and only once: bytes go to a temp file under
 *   `<dir>/tmp` that is hard-linked into place, which fails when the key already holds an object
 *   (two PUTs racing for one key: exactly one wins), so a reader never sees a partial object and
 *   a stored object is never replaced; only `delete` frees the key again.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { link, mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  assertValidContentType,
  assertValidExpiry,
  assertValidLength,
  assertValidUploadKey,
  UploadStorageError,
  uploadKeyProblem,
  type SignedGetOptions,
  type SignedPutOptions,
  type UploadObjectInfo,
  type UploadStorage,
} from './upload-storage';

/** Where localUploadRoutes serves the signed URLs. */
export const LOCAL_UPLOADS_PATH = '/forms/uploads';

export interface LocalDiskStorageOptions {
  /** The folder that holds everything (the service passes `join(DATA_DIR, 'uploads')`). */
  dir: string;
  /** The origin the browser reaches the service at, e.g. `http://localhost:3000`. */
  publicBase: string;
  /** The HMAC key of the signed URLs. */
  secret: string;
  /** Milliseconds since the epoch; tests move it. */
  now?: () => number;
}

export type SignedMethod = 'PUT' | 'GET';

/**
 * The verdict on a request to a signed URL: for a PUT, `contentType` is the one the body must
 * be sent with; for a GET, the one to answer with (null: the stored one).
 */
export type SignedRequestCheck =
  | { ok: true; key: string; contentType: string | null }
  | { ok: false; status: 400 | 403; message: string };

export const LOCAL_UPLOAD_MESSAGES = {
  badKey: 'This upload address is not valid.',
  badSignature: 'This upload link is not valid. Please request a new one.',
  expired: 'This upload link has expired. Please request a new one.',
  wrongMethod: 'This upload link does not allow this action.',
  wrongContentType: 'The Content-Type of this upload does not match the one its link was made for.',
  notOnce: 'An upload link stores one file once: send it with If-None-Match: *.',
  alreadyStored: 'This upload link has already been used. Please request a new one.',
} as const;

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

export class LocalDiskStorage implements UploadStorage {
  readonly kind = 'local-disk' as const;
  readonly dir: string;
  private readonly publicBase: string;
  private readonly secret: string;
  private readonly now: () => number;

  constructor(opts: LocalDiskStorageOptions) {
    if (!opts.secret) throw new Error('LocalDiskStorage needs a secret to sign upload URLs');
    this.dir = opts.dir;
    this.publicBase = opts.publicBase.replace(/\/+$/, '');
    this.secret = opts.secret;
    this.now = opts.now ?? Date.now;
  }

  async signedPutUrl(key: string, opts: SignedPutOptions): Promise<string> {
    assertValidUploadKey(key);
    assertValidContentType(opts.contentType);
    assertValidExpiry(opts.expiresInSeconds);
    return this.url('PUT', key, opts.expiresInSeconds, opts.contentType);
  }

  async signedGetUrl(key: string, opts: SignedGetOptions): Promise<string> {
    assertValidUploadKey(key);
    assertValidExpiry(opts.expiresInSeconds);
    if (opts.contentType !== undefined) assertValidContentType(opts.contentType);
    return this.url('GET', key, opts.expiresInSeconds, opts.contentType ?? null);
  }

  async head(key: string): Promise<UploadObjectInfo | null> {
    assertValidUploadKey(key);
    const size = await this.sizeOf(key);
    if (size === null) return null;
    return { size, contentType: await this.contentTypeOf(key) };
  }

  async readStart(key: string, bytes: number): Promise<Buffer> {
    assertValidUploadKey(key);
    assertValidLength(bytes);
    let handle;
    try {
      handle = await open(this.objectPath(key), 'r');
    } catch (err) {
      if (isMissing(err)) throw notFound(key);
      throw err;
    }
    try {
      const info = await handle.stat();
      if (!info.isFile()) throw notFound(key);
      const buffer = Buffer.alloc(Math.min(bytes, info.size));
      let read = 0;
      while (read < buffer.length) {
        const { bytesRead } = await handle.read(buffer, read, buffer.length - read, read);
        if (bytesRead === 0) break;
        read += bytesRead;
      }
      return buffer.subarray(0, read);
    } finally {
      await handle.close();
    }
  }

  async delete(key: string): Promise<void> {
    assertValidUploadKey(key);
    await rm(this.objectPath(key), { force: true }).catch(ignoreNotDir);
    await rm(this.metaPath(key), { force: true }).catch(ignoreNotDir);
  }

  /** Checks a request to one of this storage's signed URLs (path key and query as received). */
  verifySignedRequest(
    method: string,
    key: unknown,
    query: Record<string, unknown>,
  ): SignedRequestCheck {
    if (uploadKeyProblem(key) !== null || typeof key !== 'string')
      return { ok: false, status: 400, message: LOCAL_UPLOAD_MESSAGES.badKey };
    const { expires, sig } = query;
    const signedMethod = query.method;
    const ct = query.ct ?? '';
    if (
      typeof expires !== 'string' ||
      !/^\d{1,12}$/.test(expires) ||
      typeof sig !== 'string' ||
      typeof ct !== 'string' ||
      (signedMethod !== 'PUT' && signedMethod !== 'GET')
    )
      return { ok: false, status: 403, message: LOCAL_UPLOAD_MESSAGES.badSignature };
    const expected = Buffer.from(this.signature(signedMethod, key, Number(expires), ct), 'hex');
    const given = /^[0-9a-f]{64}$/.test(sig) ? Buffer.from(sig, 'hex') : Buffer.alloc(0);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return { ok: false, status: 403, message: LOCAL_UPLOAD_MESSAGES.badSignature };
    // HEAD is GET without the body: a read link may be used for either.
    const asked = method === 'HEAD' ? 'GET' : method;
    if (asked !== signedMethod)
      return { ok: false, status: 403, message: LOCAL_UPLOAD_MESSAGES.wrongMethod };
    if (Math.floor(this.now() / 1000) > Number(expires))
      return { ok: false, status: 403, message: LOCAL_UPLOAD_MESSAGES.expired };
    return { ok: true, key, contentType: ct === '' && signedMethod === 'GET' ? null : ct };
  }

  /** Whether the key holds an object (a PUT to it is refused before its body is read). */
  async has(key: string): Promise<boolean> {
    assertValidUploadKey(key);
    return (await this.sizeOf(key)) !== null;
  }

  /** A fresh temp file path for an incoming upload (inside `<dir>/tmp`, same file system). */
  async newTempPath(): Promise<string> {
    const tmp = join(this.dir, 'tmp');
    await mkdir(tmp, { recursive: true });
    return join(tmp, `${randomUUID()}.part`);
  }

  /**
   * Puts a fully written temp file in place as `key`, with its Content-Type, unless the key
   * already holds an object (`already_stored`). The temp file is gone afterwards either way.
   */
  async commitTempFile(tempPath: string, key: string, contentType: string): Promise<void> {
    assertValidUploadKey(key);
    assertValidContentType(contentType);
    const objectPath = this.objectPath(key);
    const metaPath = this.metaPath(key);
    const metaTemp = `${tempPath}.meta`;
    try {
      await mkdir(dirname(objectPath), { recursive: true });
      await mkdir(dirname(metaPath), { recursive: true });
      await writeFile(metaTemp, JSON.stringify({ contentType }));
      // Meta first: once the bytes are visible their Content-Type is in place. Only the PUT
      // that wins the link below gets here with its object stored; a loser's meta is the same,
      // as one key is signed for one Content-Type.
      await rename(metaTemp, metaPath);
      // link() never replaces: of two PUTs racing for one key, exactly one stores.
      await link(tempPath, objectPath);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      const stored = code === 'EEXIST' && (await this.sizeOf(key).catch(() => null)) !== null;
      if (stored)
        throw new UploadStorageError('already_stored', `An upload is already stored under ${key}`);
      if (code === 'ENOTDIR' || code === 'EEXIST' || code === 'EISDIR')
        throw new UploadStorageError(
          'conflict',
          'An upload key cannot be both a file and a folder of other keys',
        );
      throw err;
    } finally {
      await rm(metaTemp, { force: true });
      await rm(tempPath, { force: true });
    }
  }

  async discardTempFile(tempPath: string): Promise<void> {
    await rm(tempPath, { force: true });
    await rm(`${tempPath}.meta`, { force: true });
  }

  /** The stored object as a stream with its size and Content-Type, or `null` if absent. */
  async openRead(
    key: string,
  ): Promise<{ stream: ReadStream; size: number; contentType: string } | null> {
    assertValidUploadKey(key);
    const size = await this.sizeOf(key);
    if (size === null) return null;
    const contentType = await this.contentTypeOf(key);
    const stream = createReadStream(this.objectPath(key));
    return { stream, size, contentType };
  }

  private url(method: SignedMethod, key: string, expiresIn: number, ct: string | null): string {
    const expires = Math.floor(this.now() / 1000) + expiresIn;
    const query = new URLSearchParams({ expires: String(expires), method });
    if (ct !== null) query.set('ct', ct);
    query.set('sig', this.signature(method, key, expires, ct ?? ''));
    return `${this.publicBase}${LOCAL_UPLOADS_PATH}/${encodeURIComponent(key)}?${query}`;
  }

  private signature(method: SignedMethod, key: string, expires: number, ct: string): string {
    // v2: a GET's `ct` (the Content-Type it answers with) is signed too.
    return createHmac('sha256', this.secret)
      .update(['clinic-upload-v2', method, key, String(expires), ct].join('\n'))
      .digest('hex');
  }

  private objectPath(key: string): string {
    return join(this.dir, 'objects', key);
  }

  private metaPath(key: string): string {
    return join(this.dir, 'meta', key);
  }

  private async sizeOf(key: string): Promise<number | null> {
    try {
      const info = await stat(this.objectPath(key));
      return info.isFile() ? info.size : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  private async contentTypeOf(key: string): Promise<string> {
    try {
      const meta = JSON.parse(await readFile(this.metaPath(key), 'utf8')) as {
        contentType?: unknown;
      };
      return typeof meta.contentType === 'string' ? meta.contentType : DEFAULT_CONTENT_TYPE;
    } catch {
      return DEFAULT_CONTENT_TYPE;
    }
  }
}

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** `rm` of a key that is absent, or that is only a folder of other keys: nothing to delete. */
function ignoreNotDir(err: unknown): void {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (!isMissing(err) && code !== 'EISDIR' && code !== 'ERR_FS_EISDIR') throw err;
}

function notFound(key: string): UploadStorageError {
  return new UploadStorageError('not_found', `No upload is stored under ${key}`);
}
