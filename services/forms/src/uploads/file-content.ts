/**
 * What each upload may be. The kind comes from the file's first bytes (`detectFileKind`, shared
 * with the browser through the contracts), never from its name or claimed Content-Type.
 * Guarantees:
 * - `isAllowedUpload` says which kinds each purpose takes (spec 002: questionnaire and portal
 *   images; the identity video's mp4/mov/avi/webm; the doctor chat's pdf, doc, docx, txt, jpg,
 *   png, gif, mp4, avi, mov) and `UPLOAD_MAX_BYTES` their limits: 5 MB images, 100 MB videos,
 *   5 MB attachments.
 */

import {
  doctorChatLimits,
  maxImageBytes,
  photoKinds,
  videoLimits,
  type FileKind,
} from '@clinic/contracts';

export { detectFileKind, FILE_KIND_SNIFF_BYTES, type FileKind } from '@clinic/contracts';

export type UploadPurpose = 'image' | 'video' | 'attachment';

/** 5 MB (spec 002: 'Maximum file size: 5 MB', 5,242,880 bytes). */
export const IMAGE_MAX_BYTES = maxImageBytes;
/** 100 MB (spec 002: identity video 'size at most 100 MB'). */
export const VIDEO_MAX_BYTES = videoLimits.maxBytes;
/** 5 MB (spec 002: doctor chat attachment max 5242880 bytes). */
export const ATTACHMENT_MAX_BYTES = doctorChatLimits.attachmentMaxBytes;

export const UPLOAD_MAX_BYTES: Readonly<Record<UploadPurpose, number>> = {
  image: IMAGE_MAX_BYTES,
  video: VIDEO_MAX_BYTES,
  attachment: ATTACHMENT_MAX_BYTES,
};
/** The same limits under the name the forms domain uses. */
export const uploadLimits = UPLOAD_MAX_BYTES;

/** The canonical Content-Type of each kind. */
export const FILE_KIND_MIME: Readonly<Record<FileKind, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  avi: 'video/x-msvideo',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
  unknown: 'application/octet-stream',
};

const ALLOWED: Readonly<Record<UploadPurpose, ReadonlySet<FileKind>>> = {
  image: photoKinds,
  video: new Set(['mp4', 'mov', 'webm', 'mkv', 'avi']),
  attachment: new Set(['pdf', 'doc', 'docx', 'txt', 'jpeg', 'png', 'gif', 'mp4', 'avi', 'mov']),
};

/** Whether a file of this kind may be uploaded for this purpose. */
export function isAllowedUpload(kind: FileKind, purpose: UploadPurpose): boolean {
  return ALLOWED[purpose]?.has(kind) ?? false;
}

/** Whether `size` bytes are within the purpose's limit (an empty file is not an upload). */
export function isAllowedUploadSize(size: number, purpose: UploadPurpose): boolean {
  return Number.isInteger(size) && size > 0 && size <= UPLOAD_MAX_BYTES[purpose];
}
