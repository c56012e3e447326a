/**
 * What an uploaded file really is, from its first bytes (magic numbers), never from its name or
 * the Content-Type the browser claimed. Guarantees:
 * - `detectFileKind` recognises jpeg, png, gif, webp, heic/heif, mp4, mov, webm, mkv, avi, pdf,
 *   doc (OLE2), docx (an OOXML zip) and txt (valid UTF-8 without NULs or other binary control
 *   bytes); anything else, a plain zip and an empty file are `unknown`; it reads at most the bytes
 *   it is given (`FILE_KIND_SNIFF_BYTES` are enough) and never throws;
 * - `isAllowedUpload` says which kinds each purpose takes (spec 002: questionnaire and portal
 *   images; the identity video's mp4/mov/avi/webm; the doctor chat's pdf, doc, docx, txt, jpg,
 *   png, gif, mp4, avi, mov) and `UPLOAD_MAX_BYTES` their limits: 5 MB images, 100 MB videos,
 *   5 MB attachments.
 */

export type FileKind =
  | 'jpeg'
  | 'png'
  | 'gif'
  | 'webp'
  | 'heic'
  | 'mp4'
  | 'mov'
  | 'webm'
  | 'mkv'
  | 'avi'
  | 'pdf'
  | 'doc'
  | 'docx'
  | 'txt'
  | 'unknown';

export type UploadPurpose = 'image' | 'video' | 'attachment';

/** 5 MB (spec 002: 'Maximum file size: 5 MB', 5,242,880 bytes). */
export const IMAGE_MAX_BYTES = 5_242_880;
/** 100 MB (spec 002: identity video 'size at most 100 MB'). */
export const VIDEO_MAX_BYTES = 104_857_600;
/** 5 MB (spec 002: doctor chat attachment max 5242880 bytes). */
export const ATTACHMENT_MAX_BYTES = 5_242_880;

export const UPLOAD_MAX_BYTES: Readonly<Record<UploadPurpose, number>> = {
  image: IMAGE_MAX_BYTES,
  video: VIDEO_MAX_BYTES,
  attachment: ATTACHMENT_MAX_BYTES,
};
/** The same limits under the name the forms domain uses. */
export const uploadLimits = UPLOAD_MAX_BYTES;

/**
 * How many leading bytes `detectFileKind` looks at (more are ignored). Every binary signature
 * is decided within the first 64; more bytes make the text check surer.
 */
export const FILE_KIND_SNIFF_BYTES = 4096;

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
  image: new Set(['jpeg', 'png', 'gif', 'webp', 'heic']),
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

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'M4VH',
  'M4VP',
  'mmp4',
  'dash',
  'MSNV',
  'f4v ',
]);
// Old QuickTime files start with one of these atoms instead of `ftyp`.
const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'pnot']);

/** The file's real kind, from its leading bytes. */
export function detectFileKind(bytes: Buffer): FileKind {
  const b = bytes.subarray(0, FILE_KIND_SNIFF_BYTES);
  if (b.length === 0) return 'unknown';
  if (starts(b, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(b, 0, 4) === 'RIFF') {
    const form = ascii(b, 8, 12);
    if (form === 'WEBP') return 'webp';
    if (form === 'AVI ') return 'avi';
    return 'unknown';
  }
  const box = ascii(b, 4, 8);
  if (box === 'ftyp') return isoMediaKind(b);
  if (QUICKTIME_ATOMS.has(box)) return 'mov';
  if (starts(b, [0x1a, 0x45, 0xdf, 0xa3])) return matroskaKind(b);
  if (ascii(b, 0, 5) === '%PDF-') return 'pdf';
  if (starts(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'doc';
  if (starts(b, [0x50, 0x4b, 0x03, 0x04])) return isOoxmlWord(b) ? 'docx' : 'unknown';
  if (isText(b)) return 'txt';
  return 'unknown';
}

/** ISO base media (`ftyp` box): the major brand decides, else the compatible brands. */
function isoMediaKind(b: Buffer): FileKind {
  const size = b.length >= 4 ? b.readUInt32BE(0) : 0;
  const brands = [ascii(b, 8, 12)];
  for (let at = 16; at + 4 <= Math.min(size, b.length); at += 4) brands.push(ascii(b, at, at + 4));
  for (const brand of brands) {
    if (HEIC_BRANDS.has(brand)) return 'heic';
    if (brand === 'qt  ') return 'mov';
    if (MP4_BRANDS.has(brand) || brand.startsWith('3g')) return 'mp4';
  }
  return 'unknown';
}

/** EBML: the DocType element (0x4282) says webm or matroska; a bare EBML header is webm. */
function matroskaKind(b: Buffer): FileKind {
  const at = b.indexOf(Buffer.from([0x42, 0x82]), 4);
  if (at !== -1 && at < 64) {
    const rest = b.subarray(at + 3, at + 3 + 8).toString('latin1');
    if (rest.startsWith('matroska')) return 'mkv';
  }
  return 'webm';
}

/** A zip whose first entry is an Office Open XML part of a Word document. */
function isOoxmlWord(b: Buffer): boolean {
  if (b.length < 30) return false;
  const nameLength = b.readUInt16LE(26);
  const name = b.subarray(30, 30 + nameLength).toString('latin1');
  if (name.startsWith('word/')) return true;
  // Word writes [Content_Types].xml first; Excel and PowerPoint do too, so look for Word's parts.
  if (name === '[Content_Types].xml' || name.startsWith('_rels/') || name.startsWith('docProps/'))
    return b.includes('word/') || !(b.includes('xl/') || b.includes('ppt/'));
  return false;
}

/**
 * Valid UTF-8 with no NUL and no control byte other than tab, newlines, form feed and escape.
 * The bytes may be only the start of the file, so a character cut at the very end is fine.
 */
function isText(b: Buffer): boolean {
  for (const byte of b) {
    const control = byte < 0x20 && ![0x09, 0x0a, 0x0c, 0x0d, 0x1b].includes(byte);
    if (control || byte === 0x7f) return false;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(b, { stream: true });
    return true;
  } catch {
    return false;
  }
}

function starts(b: Buffer, signature: number[]): boolean {
  return b.length >= signature.length && signature.every((byte, i) => b[i] === byte);
}

function ascii(b: Buffer, from: number, to: number): string {
  return b.length >= to ? b.subarray(from, to).toString('latin1') : '';
}
