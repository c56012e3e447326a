/**
 * UploadStorage on S3 or any S3-compatible server (cluster mode, BRIEF D2), with path-style
 * addressing. Guarantees:
 * - signed PUT URLs are SigV4 presigned URLs that sign `content-type` and `if-none-match: *` as
 *   headers, so a PUT with another Content-Type or without the condition is refused by the
 *   server (403), and S3's conditional write refuses any PUT to a key that holds an object (412):
 *   a stored object is never replaced through a link; they carry no checksum of an empty body
 *   (the SDK's default flexible checksums would pin the URL to zero bytes on real S3);
 * - signed GET URLs ask S3 to answer with `Content-Disposition: attachment` (and the
 *   Content-Type asked for), through the response-* overrides the signature covers;
 * - objects are written without any ACL, i.e. private to the bucket owner; reads go through
 *   signed GET URLs only;
 * - `ensureBucket()` creates the bucket when it is missing (once per instance, again after a
 *   failure) and runs before the first signed PUT URL is handed out.
 * Config comes from S3_ENDPOINT, S3_REGION (default us-east-1), S3_BUCKET, S3_ACCESS_KEY_ID and
 * S3_SECRET_ACCESS_KEY (`s3ConfigFromEnv`).
 */
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  assertValidContentType,
  assertValidExpiry,
  assertValidLength,
  assertValidUploadKey,
  downloadDisposition,
  UploadStorageError,
  type SignedGetOptions,
  type SignedPutOptions,
  type UploadObjectInfo,
  type UploadStorage,
} from './upload-storage';

export interface S3StorageConfig {
  /** e.g. `http://127.0.0.1:9300`; unset means AWS itself. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Milliseconds since the epoch, the signing time of URLs; tests move it. */
  now?: () => number;
}

/** Reads the S3_* variables; throws a message naming every one that is missing. */
export function s3ConfigFromEnv(env: Record<string, string | undefined>): S3StorageConfig {
  const missing = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter(
    (name) => !env[name],
  );
  if (missing.length > 0)
    throw new Error(`S3 upload storage needs ${missing.join(', ')} (S3_ENDPOINT is set)`);
  return {
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.S3_REGION || 'us-east-1',
    bucket: env.S3_BUCKET as string,
    accessKeyId: env.S3_ACCESS_KEY_ID as string,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY as string,
  };
}

export class S3UploadStorage implements UploadStorage {
  readonly kind = 's3' as const;
  readonly bucket: string;
  readonly client: S3Client;
  private readonly now: () => number;
  private bucketReady: Promise<void> | null = null;

  constructor(config: S3StorageConfig) {
    this.bucket = config.bucket;
    this.now = config.now ?? Date.now;
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: true,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Presigned PUTs must not carry a checksum computed over an empty body.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  static fromEnv(env: Record<string, string | undefined>): S3UploadStorage {
    return new S3UploadStorage(s3ConfigFromEnv(env));
  }

  /** Creates the bucket if it does not exist yet; safe to call any number of times. */
  ensureBucket(): Promise<void> {
    this.bucketReady ??= this.createBucketIfMissing().catch((err: unknown) => {
      this.bucketReady = null;
      throw err;
    });
    return this.bucketReady;
  }

  async signedPutUrl(key: string, opts: SignedPutOptions): Promise<string> {
    assertValidUploadKey(key);
    assertValidContentType(opts.contentType);
    assertValidExpiry(opts.expiresInSeconds);
    await this.ensureBucket();
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ContentType: opts.contentType,
      IfNoneMatch: '*',
    });
    return getSignedUrl(this.client, command, {
      expiresIn: opts.expiresInSeconds,
      signingDate: new Date(this.now()),
      signableHeaders: new Set(['content-type', 'if-none-match']),
    });
  }

  async signedGetUrl(key: string, opts: SignedGetOptions): Promise<string> {
    assertValidUploadKey(key);
    assertValidExpiry(opts.expiresInSeconds);
    if (opts.contentType !== undefined) assertValidContentType(opts.contentType);
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentDisposition: downloadDisposition(key),
      ResponseContentType: opts.contentType,
    });
    return getSignedUrl(this.client, command, {
      expiresIn: opts.expiresInSeconds,
      signingDate: new Date(this.now()),
    });
  }

  async head(key: string): Promise<UploadObjectInfo | null> {
    assertValidUploadKey(key);
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        size: out.ContentLength ?? 0,
        contentType: out.ContentType ?? 'application/octet-stream',
      };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async readStart(key: string, bytes: number): Promise<Buffer> {
    assertValidUploadKey(key);
    assertValidLength(bytes);
    if (bytes === 0) {
      if ((await this.head(key)) === null) throw notFound(key);
      return Buffer.alloc(0);
    }
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=0-${bytes - 1}` }),
      );
      const body = out.Body ? Buffer.from(await out.Body.transformToByteArray()) : Buffer.alloc(0);
      // A server that ignores Range sends everything.
      return body.length > bytes ? body.subarray(0, bytes) : body;
    } catch (err) {
      if (isNotFound(err)) throw notFound(key);
      // An empty object has no byte 0: S3 answers 416.
      if (httpStatus(err) === 416) return Buffer.alloc(0);
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidUploadKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** Closes the HTTP agent's sockets. */
  close(): void {
    this.client.destroy();
  }

  private async createBucketIfMissing(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      return;
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    try {
      await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      // Another instance created it in between.
      const name = (err as { name?: string }).name;
      if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists') throw err;
    }
  }
}

function httpStatus(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata
    ?.httpStatusCode;
}

function isNotFound(err: unknown): boolean {
  const name = (err as { name?: string } | undefined)?.name;
  return (
    name === 'NotFound' ||
    name === 'NoSuchKey' ||
    name === 'NoSuchBucket' ||
    httpStatus(err) === 404
  );
}

function notFound(key: string): UploadStorageError {
  return new UploadStorageError('not_found', `No upload is stored under ${key}`);
}
