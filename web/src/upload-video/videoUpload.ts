/**
 * The identity video page's calls: who asks for the video (GET /forms/orders/{id}/identity-video,
 * for the heading), and its upload (spec 002 sections 4, 7, 8 and 9): a signed URL from
 * POST /api/get-signed-url (30 s timeout), the file PUT there with progress (XHR, 300 s
 * timeout), network and timeout failures retried up to 3 times after 2 s × the attempt number,
 * then POST /api/upload-av-video. Every failure becomes one of the spec's titled problems; a
 * failed upload is reported to POST /api/log-upload-attempt (its own failure ignored).
 */
import {
  getSignedUrl,
  identityVideoAsk,
  uploadAvVideo,
  type IdentityVideoAsker,
} from '@clinic/contracts';
import { callApi, toApiError } from '../api/client';
import { putSigned, SignedPutError } from '../api/upload';
import { logFailedUpload } from '../uploads/uploadApi';
import { uploadFileName } from '../uploads/upload';
import { contentTypeOf, videoConstants, type VideoProblem } from './videoRules';

/** Who asks for the order's identity video: its state's regulations, the doctor, or nobody. */
export async function readVideoAsker(formId: string): Promise<IdentityVideoAsker | null> {
  return (await callApi(identityVideoAsk, { params: { id: formId } })).asked_by;
}

/** The question key of the stored name: `${formId}_av_video_${timestamp}_${originalName}`. */
export const VIDEO_KEY = 'av_video';

export function videoFileName(formId: string, now: number, originalName: string): string {
  return uploadFileName(formId, VIDEO_KEY, now, originalName);
}

type FailureKind = 'network' | 'timeout' | 'http' | 'cancelled' | 'malformed';

/** Where and how a step of the upload failed. */
export class VideoUploadFailure extends Error {
  override readonly name = 'VideoUploadFailure';
  constructor(
    readonly stage: 'prepare' | 'store' | 'record',
    readonly kind: FailureKind,
    /** The HTTP status; 0 when no answer came. */
    readonly status: number,
    /** The server's own message, when it sent one. */
    readonly serverMessage: string | null = null,
    /** For the PUT: where it went. */
    readonly url?: string,
    /** For the PUT: whether any of the file was sent (a blocked request sends nothing). */
    readonly progressed = false,
  ) {
    super(serverMessage ?? `${stage} ${kind} ${status}`);
  }

  /** upload-av-video refused the stored file (not a video, too large): it is gone. */
  get refused(): boolean {
    return this.stage === 'record' && [400, 409, 422].includes(this.status);
  }

  /** Spec 002 section 8: network and timeout failures are retried. */
  get retryable(): boolean {
    return this.kind === 'network' || this.kind === 'timeout';
  }
}

function apiFailure(stage: 'prepare' | 'record', error: unknown): VideoUploadFailure {
  if (error instanceof VideoUploadFailure) return error;
  const failure = toApiError(error);
  return new VideoUploadFailure(stage, failure.kind, failure.status, failure.serverMessage);
}

/** POST /api/get-signed-url for the video, given up after 30 s. */
export async function requestVideoUrl(
  filename: string,
  contentType: string,
  formId: string,
  timeoutMs: number = videoConstants.signedUrlTimeoutMs,
  signal?: AbortSignal,
) {
  const controller = new AbortController();
  let timedOut = false;
  const cancel = () => controller.abort();
  signal?.addEventListener('abort', cancel, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Raced as well as aborted: an answer that never comes still ends at the timeout.
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
      reject(new VideoUploadFailure('prepare', 'timeout', 0));
    }, timeoutMs);
  });
  const cancelled = new Promise<never>((_, reject) => {
    controller.signal.addEventListener(
      'abort',
      () => {
        if (!timedOut) reject(new VideoUploadFailure('prepare', 'cancelled', 0));
      },
      { once: true },
    );
  });
  try {
    return await Promise.race([
      callApi(getSignedUrl, {
        body: { filename, content_type: contentType, form_id: formId },
        signal: controller.signal,
      }),
      timeout,
      cancelled,
    ]);
  } catch (error) {
    if (controller.signal.aborted)
      throw new VideoUploadFailure('prepare', timedOut ? 'timeout' : 'cancelled', 0);
    throw apiFailure('prepare', error);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
}

/**
 * PUTs the video to the signed URL once (the api's `putSigned`), reporting progress (0-100).
 * `retry`: an earlier PUT through this URL may have stored the video before its answer was lost;
 * then the storage's "already stored" (412) means the video is there (its bytes are checked by
 * upload-av-video all the same).
 */
export async function putVideo(
  url: string,
  file: Blob,
  contentType: string,
  onProgress: (percent: number) => void,
  timeoutMs: number = videoConstants.uploadTimeoutMs,
  signal?: AbortSignal,
  retry = false,
): Promise<void> {
  try {
    await putSigned(url, file, { contentType, onProgress, timeoutMs, signal, retry });
  } catch (error) {
    if (!(error instanceof SignedPutError)) throw error;
    throw new VideoUploadFailure('store', error.kind, error.status, null, url, error.progressed);
  }
}

export interface UploadHooks {
  onProgress(percent: number): void;
  /** A retry is about to start: n of 3. */
  onRetry(attempt: number): void;
  /** Waits between attempts (setTimeout by default). */
  wait?(ms: number): Promise<void>;
  /** Cancel Upload: stops the request under way, or the wait for the next attempt. */
  signal?: AbortSignal;
}

/** Waits `ms`, or until `signal` aborts (then rejects as cancelled). */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new VideoUploadFailure('store', 'cancelled', 0));
      },
      { once: true },
    );
  });
}

/**
 * Uploads the file under `filename` and answers with the stored file's name (get-signed-url's
 * `file_name`). A signed URL once obtained is kept for the retries. Throws the last
 * VideoUploadFailure.
 */
export async function uploadVideoFile(
  file: File,
  filename: string,
  formId: string,
  hooks: UploadHooks,
): Promise<string> {
  const contentType = contentTypeOf(file);
  const { signal } = hooks;
  const wait = hooks.wait ?? ((ms: number) => sleep(ms, signal));
  let signed: { upload_url: string; file_name: string } | null = null;
  for (let attempt = 0; ; attempt += 1) {
    try {
      if (signal?.aborted) throw new VideoUploadFailure('prepare', 'cancelled', 0);
      signed ??= await requestVideoUrl(
        filename,
        contentType,
        formId,
        videoConstants.signedUrlTimeoutMs,
        signal,
      );
      hooks.onProgress(0);
      await putVideo(
        signed.upload_url,
        file,
        contentType,
        hooks.onProgress,
        videoConstants.uploadTimeoutMs,
        signal,
        attempt > 0,
      );
      return signed.file_name;
    } catch (error) {
      const failure =
        error instanceof VideoUploadFailure ? error : new VideoUploadFailure('store', 'network', 0);
      if (!failure.retryable || attempt >= videoConstants.retries) throw failure;
      hooks.onRetry(attempt + 1);
      await wait(videoConstants.retryDelayMs * (attempt + 1));
    }
  }
}

/** POST /api/upload-av-video: records the uploaded video on the order. */
export async function recordVideo(fileName: string, formId: string): Promise<void> {
  try {
    await callApi(uploadAvVideo, { body: { s3FileName: fileName, uniqueId: formId } });
  } catch (error) {
    throw apiFailure('record', error);
  }
}

/** Spec 002 section 8, "Video upload": the titled problems of a failed upload. */
export const uploadProblems = {
  largeTimeout: {
    title: 'Large File Upload Failed',
    message: 'Your video is too large for your current connection.',
    hint: 'Connect to Wi-Fi and try again, or record a shorter video (30 seconds is plenty).',
  },
  slow: {
    title: 'Upload Taking Too Long',
    message: 'Your connection is too slow to finish the upload right now.',
    hint: 'Move closer to your Wi-Fi router or switch to a stronger connection, then tap Try Again.',
  },
  offline: {
    title: 'No Internet Connection',
    message: 'Cannot reach our servers.',
    hint: 'Check that you are online (Wi-Fi or mobile data), then tap Try Again.',
  },
  tooBig: {
    title: 'Video File Too Big',
    message: 'Our servers could not accept a video this large.',
    hint: 'Please record a shorter video; 30 to 60 seconds is enough.',
  },
  format: {
    title: 'Video Format Not Supported',
    message: 'Our servers could not accept this type of video.',
    hint: 'Please use an .mp4, .mov or .webm video, or record one with Record Now.',
  },
  server: {
    title: 'Server Temporarily Down',
    message: 'Our servers are having a problem right now.',
    hint: 'Please wait a minute, then tap Try Again. Your video is still selected.',
  },
  unauthorized: {
    title: 'Upload Not Authorized',
    message: 'Your session may have expired.',
    hint: 'Please log in again, then come back to this page to upload your video.',
  },
  storage: {
    title: 'Storage Limit Reached',
    message: 'We could not store your video right now.',
    hint: 'Please try again later. If it keeps happening, contact our support team.',
  },
  security: {
    title: 'Browser Security Issue',
    message: 'Your browser blocked the upload.',
    hint: 'Turn off content blockers or VPN for this site, or try Chrome or Safari.',
  },
  cancelled: {
    title: 'Upload Cancelled',
    message: 'The upload stopped before it finished.',
    hint: 'Tap Try Again to upload your video.',
  },
  failed: {
    title: 'Upload Failed',
    message: 'We could not upload your video.',
    hint: 'Large videos can fail on weak connections. Try Wi-Fi, or record a shorter video.',
  },
  generic: {
    title: 'Upload Error',
    message: 'Something went wrong uploading your video.',
    hint: 'Please tap Try Again. If it keeps failing, contact our support team.',
  },
  refused: {
    title: 'Video Not Accepted',
    message: 'We could not accept this video.',
    hint: 'Please choose another video or record a new one.',
  },
} satisfies Record<string, VideoProblem>;

function crossOrigin(url: string | undefined): boolean {
  if (!url || typeof window === 'undefined') return false;
  try {
    return new URL(url, window.location.href).origin !== window.location.origin;
  } catch {
    return false;
  }
}

/** The problem to show for a failed upload of `fileSize` bytes. */
export function problemOf(error: unknown, fileSize: number): VideoProblem {
  const failure =
    error instanceof VideoUploadFailure ? error : new VideoUploadFailure('store', 'network', 0);
  const { status, kind, stage } = failure;
  if (failure.refused)
    return {
      ...uploadProblems.refused,
      message: failure.serverMessage ?? uploadProblems.refused.message,
    };
  if (kind === 'cancelled') return uploadProblems.cancelled;
  if (kind === 'timeout')
    return fileSize > videoConstants.largeUploadBytes
      ? uploadProblems.largeTimeout
      : uploadProblems.slow;
  if (kind === 'network') {
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    // A PUT to another origin that sent nothing and got no answer while online was most often
    // blocked by the browser (CORS, a content blocker).
    if (!offline && stage === 'store' && !failure.progressed && crossOrigin(failure.url))
      return uploadProblems.security;
    return uploadProblems.offline;
  }
  if (status === 413) return uploadProblems.tooBig;
  if (status === 415) return uploadProblems.format;
  if (status === 401 || status === 403) return uploadProblems.unauthorized;
  if (status === 507) return uploadProblems.storage;
  if (status >= 500) return uploadProblems.server;
  if (fileSize > videoConstants.failedUploadBytes) return uploadProblems.failed;
  return failure.serverMessage
    ? { ...uploadProblems.generic, message: failure.serverMessage }
    : uploadProblems.generic;
}

/** POST /api/log-upload-attempt for a failed upload; never fails. */
export function logVideoFailure(
  problem: VideoProblem,
  file: File,
  filename: string,
  formId: string,
): Promise<void> {
  return logFailedUpload({
    success: false,
    error: `${problem.title}: ${problem.message}`.slice(0, 500),
    userAgent: (typeof navigator === 'undefined' ? '' : navigator.userAgent).slice(0, 500),
    fileSize: file.size,
    filename: filename.slice(0, 300),
    imageType: VIDEO_KEY,
    idOfForm: formId,
    timestamp: new Date().toISOString(),
  });
}
