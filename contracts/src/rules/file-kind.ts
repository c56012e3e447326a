/**
 * What a file is, from its first bytes (magic numbers), never from its name or the Content-Type
 * it claims: the browser checks a chosen file with it before uploading, and the server checks
 * the stored bytes with it again before using them. Guarantees:
 * - `detectFileKind` recognises jpeg, png, gif, webp, heic/heif, mp4, mov, webm, mkv, avi, pdf,
 *   doc (OLE2), docx (an OOXML zip) and txt (valid UTF-8 without NULs or other binary control
 *   bytes); anything else, a plain zip and an empty file are `unknown`; it reads at most
 *   `FILE_KIND_SNIFF_BYTES` of what it is given and never throws;
 * - `photoKinds` are the kinds a photo upload may be (spec 002: images only).
 * Plain `Uint8Array`s (a Node Buffer is one), so the same code runs in the browser.
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

/**
 * How many leading bytes `detectFileKind` looks at (more are ignored). Every binary signature
 * is decided within the first 64; more bytes make the text check surer.
 */
export const FILE_KIND_SNIFF_BYTES = 4096;

/** The kinds a photo (a questionnaire image, a portal re-upload, reship evidence) may be. */
export const photoKinds: ReadonlySet<FileKind> = new Set(['jpeg', 'png', 'gif', 'webp', 'heic']);

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
export function detectFileKind(bytes: Uint8Array): FileKind {
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

/** Whether the bytes are a photo's (one of `photoKinds`). */
export function isPhotoBytes(bytes: Uint8Array): boolean {
  return photoKinds.has(detectFileKind(bytes));
}

/** ISO base media (`ftyp` box): the major brand decides, else the compatible brands. */
function isoMediaKind(b: Uint8Array): FileKind {
  const size = b.length >= 4 ? ((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0 : 0;
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
function matroskaKind(b: Uint8Array): FileKind {
  const at = indexOf(b, [0x42, 0x82], 4);
  if (at !== -1 && at < 64 && ascii(b, at + 3, at + 3 + 8).startsWith('matroska')) return 'mkv';
  return 'webm';
}

/** A zip whose first entry is an Office Open XML part of a Word document. */
function isOoxmlWord(b: Uint8Array): boolean {
  if (b.length < 30) return false;
  const nameLength = b[26]! | (b[27]! << 8);
  const name = latin1(b.subarray(30, 30 + nameLength));
  if (name.startsWith('word/')) return true;
  // Word writes [Content_Types].xml first; Excel and PowerPoint do too, so look for Word's parts.
  if (name === '[Content_Types].xml' || name.startsWith('_rels/') || name.startsWith('docProps/')) {
    const all = latin1(b);
    return all.includes('word/') || !(all.includes('xl/') || all.includes('ppt/'));
  }
  return false;
}

/**
 * Valid UTF-8 with no NUL and no control byte other than tab, newlines, form feed and escape.
 * The bytes may be only the start of the file, so a character cut at the very end is fine.
 */
function isText(b: Uint8Array): boolean {
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

function starts(b: Uint8Array, signature: number[]): boolean {
  return b.length >= signature.length && signature.every((byte, i) => b[i] === byte);
}

function indexOf(b: Uint8Array, pattern: number[], from: number): number {
  for (let at = from; at + pattern.length <= b.length; at++)
    if (pattern.every((byte, i) => b[at + i] === byte)) return at;
  return -1;
}

function latin1(b: Uint8Array): string {
  let out = '';
  for (const byte of b) out += String.fromCharCode(byte);
  return out;
}

/** The bytes `from` to `to` as Latin-1 text, or '' when the file is shorter than `to`. */
function ascii(b: Uint8Array, from: number, to: number): string {
  return b.length >= to ? latin1(b.subarray(from, to)) : '';
}
