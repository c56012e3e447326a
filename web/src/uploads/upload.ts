/**
 * A patient file's upload (spec 002 sections 4, 5 and 8, "Questionnaire uploads"): the
 * checks before it (its type and size, then its first bytes: a text file named .png is no
 * photo), the file name it is stored under, the one PUT of the file to the signed URL with
 * progress, and the message of each way it can fail. Every photo picker (the portal's re-upload,
 * the reship evidence) refuses a chosen non-photo with the same byte check and words
 * (`photoBytesProblem`), and reads a server's refusal of an upload the same way (`refusalOf`).
 */
import {
  FILE_KIND_SNIFF_BYTES,
  isPhotoBytes,
  maxImageBytes,
  photoMessages,
  uploadMessages,
} from '@clinic/contracts';
import { toApiError } from '../api/client';
import { putSigned, SignedPutError } from '../api/upload';

/** What is wrong with a chosen file before any upload, or null. */
export function fileProblem(file: File | null | undefined): string | null {
  if (!file) return uploadMessages.selectFile;
  if (!file.type.startsWith('image/')) return uploadMessages.imageOnly;
  if (file.size > maxImageBytes) return uploadMessages.tooLarge;
  return null;
}

/**
 * Whether a chosen file really is a photo by its first bytes, whatever its name and type claim:
 * null when it is, else the patient's words. The server checks the same bytes again after the
 * upload.
 */
export async function photoBytesProblem(file: File): Promise<string | null> {
  try {
    const bytes = await file.slice(0, FILE_KIND_SNIFF_BYTES).arrayBuffer();
    return isPhotoBytes(new Uint8Array(bytes)) ? null : photoMessages.notAPhoto;
  } catch {
    // A file the browser cannot read (removed from the phone meanwhile): choose it again.
    return photoMessages.unreadable;
  }
}

/**
 * What is wrong with a chosen file, its bytes included: `fileProblem`, then whether it really is
 * a photo. Null when it may go.
 */
export async function photoProblem(file: File | null | undefined): Promise<string | null> {
  const early = fileProblem(file);
  if (early || !file) return early;
  return photoBytesProblem(file);
}

/** `${formId}_${questionKey}_${timestamp}_${originalName}` (spec 002 section 7). */
export function uploadFileName(
  formId: string,
  questionKey: string,
  now: number,
  originalName: string,
): string {
  return `${formId}_${questionKey}_${now}_${originalName}`;
}

/** "1.2 MB", "340 KB". */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * Where the upload failed: getting the signed URL, storing the file there, or the server's check
 * of what was stored (`refused`: the message says why, in the patient's words).
 */
export class UploadFailure extends Error {
  override readonly name = 'UploadFailure';
  constructor(
    readonly stage: 'prepare' | 'store' | 'refused' | 'cancelled',
    readonly connection: boolean,
    message: string,
  ) {
    super(message);
  }
}

/** The message of a failed upload (spec 002 section 8). */
export function uploadErrorText(error: unknown): string {
  if (error instanceof UploadFailure) {
    if (error.stage === 'refused') return error.message;
    if (error.stage === 'cancelled') return uploadMessages.cancelled;
    if (error.connection) return uploadMessages.connection;
    return error.stage === 'prepare' ? uploadMessages.preparing : uploadMessages.storing;
  }
  const text = error instanceof Error ? error.message : '';
  if (/failed to fetch|network/i.test(text)) return uploadMessages.connection;
  return uploadMessages.unsuccessful;
}

/** The signed-URL request's failure as an UploadFailure. */
export function prepareFailure(error: unknown): UploadFailure {
  const failure = toApiError(error);
  return new UploadFailure('prepare', failure.isNetwork, failure.message);
}

/**
 * A server's refusal of an uploaded file (a 400 or 404 with the patient's words, from the check right
 * after the PUT or from the call that uses the file) as a 'refused' UploadFailure; null for any
 * other failure.
 */
export function refusalOf(error: unknown): UploadFailure | null {
  const failure = toApiError(error);
  // 400: the file was refused; 404: it never reached the caller's uploads. Both in the
  // patient's words, and both mean choosing the file again.
  return (failure.status === 400 || failure.status === 404) && failure.serverMessage
    ? new UploadFailure('refused', false, failure.serverMessage)
    : null;
}

/**
 * The server's check of a stored file as an UploadFailure: a refusal is 'refused'; anything else
 * (no answer, a server fault) is a failed upload to try again.
 */
export function checkFailure(error: unknown): UploadFailure {
  const failure = toApiError(error);
  return refusalOf(failure) ?? new UploadFailure('store', failure.isNetwork, failure.message);
}

/**
 * PUTs the file to the signed URL once (the api's `putSigned`), with its content type, reporting
 * progress (0-100). Resolves on a 2xx; rejects with an UploadFailure of stage 'store' (or
 * 'cancelled') otherwise.
 */
export async function putFile(
  url: string,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  try {
    await putSigned(url, file, { contentType: file.type, onProgress, signal });
  } catch (error) {
    if (!(error instanceof SignedPutError)) throw error;
    const connection = error.kind === 'network' || error.kind === 'timeout';
    throw new UploadFailure(
      error.kind === 'cancelled' ? 'cancelled' : 'store',
      connection,
      error.message,
    );
  }
}
