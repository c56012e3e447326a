/**
 * The one PUT of a file to a signed storage URL (get-signed-url's `upload_url`, the console's
 * attachment upload): with the content type the URL was signed for, progress (0-100), an
 * optional timeout and an abort signal. XHR, not fetch, because only XHR reports upload progress.
 * Every uploader (questionnaire photos, the identity video, reship evidence, chat files) goes
 * through it and turns a `SignedPutError` into its own words.
 */
import { SIGNED_PUT_ALREADY_STORED, signedPutHeaders } from '@clinic/contracts';

export type SignedPutFailure = 'network' | 'timeout' | 'http' | 'cancelled';

/** How the PUT failed: no answer, too slow, a storage status, or the caller's abort. */
export class SignedPutError extends Error {
  override readonly name = 'SignedPutError';
  constructor(
    readonly kind: SignedPutFailure,
    /** The storage's status; 0 when no answer came. */
    readonly status: number,
    readonly url: string,
    /** Whether any of the file was sent (a request the browser blocked sends nothing). */
    readonly progressed = false,
  ) {
    super(
      kind === 'http'
        ? `Storage answered ${status}`
        : kind === 'timeout'
          ? 'Network timeout'
          : kind === 'cancelled'
            ? 'Upload was cancelled'
            : 'Network error',
    );
  }
}

export interface SignedPutOptions {
  /** The type the URL was signed for (sent as Content-Type). */
  contentType: string;
  onProgress?: (percent: number) => void;
  /** Given up after this long (no limit when unset). */
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * An earlier PUT through this URL may have stored the file before its answer was lost: then
   * the storage's "already stored" (412) means the file is there.
   */
  retry?: boolean;
}

/** PUTs `body` to the signed URL once. Resolves on a 2xx; rejects with a SignedPutError. */
export function putSigned(url: string, body: Blob, options: SignedPutOptions): Promise<void> {
  const { contentType, onProgress = () => undefined, timeoutMs, signal, retry = false } = options;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.open('PUT', url);
    if (timeoutMs !== undefined) xhr.timeout = timeoutMs;
    for (const [name, value] of Object.entries(signedPutHeaders(contentType)))
      xhr.setRequestHeader(name, value);
    let progressed = false;
    xhr.upload.onprogress = (event) => {
      if (event.loaded > 0) progressed = true;
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      const stored = retry && xhr.status === SIGNED_PUT_ALREADY_STORED;
      if ((xhr.status >= 200 && xhr.status < 300) || stored) {
        onProgress(100);
        resolve();
      } else {
        reject(new SignedPutError('http', xhr.status, url));
      }
    };
    xhr.onerror = () => reject(new SignedPutError('network', 0, url, progressed));
    xhr.ontimeout = () => reject(new SignedPutError('timeout', 0, url));
    xhr.onabort = () => reject(new SignedPutError('cancelled', 0, url));
    xhr.send(body);
  });
}
