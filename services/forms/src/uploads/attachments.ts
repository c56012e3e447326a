/**
 * Whether an upload may be a doctor chat attachment (spec 002 "Doctor chat": at most 5 MB
 * (5,242,880 bytes), pdf, doc, docx, txt, jpg, jpeg, png, gif, mp4, avi, mov). Guarantees:
 * - the bytes decide the kind (`detectFileKind`), and it must be one of the chat's;
 * - what the upload claimed must agree with the bytes: the name's extension, when it has one,
 *   is one of the chat's and names that kind (a PDF renamed .png, an .exe renamed .pdf or a zip
 *   renamed .docx is refused), and the Content-Type it was uploaded with names that kind too
 *   (MP4 and QuickTime, one family of containers, may stand for each other);
 * - the answer names the kind as the chat does (a JPEG is `jpg`) with the Content-Type of what
 *   the bytes are, never the one the browser claimed.
 */
import type { PatientAttachmentCheck, PatientAttachmentKind } from '@clinic/contracts';
import {
  ATTACHMENT_MAX_BYTES,
  FILE_KIND_MIME,
  isAllowedUpload,
  type FileKind,
} from './file-content';

const KIND_NAME: Readonly<Partial<Record<FileKind, PatientAttachmentKind>>> = {
  pdf: 'pdf',
  doc: 'doc',
  docx: 'docx',
  txt: 'txt',
  jpeg: 'jpg',
  png: 'png',
  gif: 'gif',
  mp4: 'mp4',
  avi: 'avi',
  mov: 'mov',
};

/** The chat's accepted extensions (spec 002) and the kind each names. */
const KIND_OF_EXTENSION: Readonly<Record<string, FileKind>> = {
  pdf: 'pdf',
  doc: 'doc',
  docx: 'docx',
  txt: 'txt',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  gif: 'gif',
  mp4: 'mp4',
  avi: 'avi',
  mov: 'mov',
};

/** The Content-Types browsers give the chat's kinds (several for JPEG and AVI). */
const KIND_OF_CONTENT_TYPE: Readonly<Record<string, FileKind>> = {
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'text/plain': 'txt',
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/pjpeg': 'jpeg',
  'image/png': 'png',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/x-msvideo': 'avi',
  'video/avi': 'avi',
  'video/msvideo': 'avi',
};

const isoVideo = (kind: FileKind) => kind === 'mp4' || kind === 'mov';
const sameKind = (claimed: FileKind, real: FileKind) =>
  claimed === real || (isoVideo(claimed) && isoVideo(real));

/** The name's extension, lower case, or null when it has none (`scan`, `Dr._Smith`). */
export function extensionOf(fileName: string): string | null {
  const match = /\.([A-Za-z0-9]{1,5})$/.exec(fileName);
  return match ? match[1]!.toLowerCase() : null;
}

/** The verdict on one stored file: its name, claimed Content-Type, real kind and size. */
export function attachmentVerdict(file: {
  fileName: string;
  contentType: string;
  kind: FileKind | null;
  size: number;
}): PatientAttachmentCheck {
  if (file.size > ATTACHMENT_MAX_BYTES) return { check: 'too-large' };
  const kind = file.kind;
  const name = kind ? KIND_NAME[kind] : undefined;
  if (!kind || !name || !isAllowedUpload(kind, 'attachment') || !(file.size > 0))
    return { check: 'not-allowed' };
  const extension = extensionOf(file.fileName);
  if (extension !== null) {
    const named = KIND_OF_EXTENSION[extension];
    if (!named || !sameKind(named, kind)) return { check: 'not-allowed' };
  }
  const claimed = KIND_OF_CONTENT_TYPE[file.contentType.trim().toLowerCase()];
  if (!claimed || !sameKind(claimed, kind)) return { check: 'not-allowed' };
  return { check: 'ok', kind: name, contentType: FILE_KIND_MIME[kind], size: file.size };
}
