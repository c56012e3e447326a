/**
 * attachmentVerdict: what the doctor chat takes (spec 002: 5 MB, pdf, doc, docx, txt, jpg, jpeg,
 * png, gif, mp4, avi, mov), decided by the bytes' kind and refused when the name or the claimed
 * Content-Type says otherwise.
 */
import { attachmentVerdict, extensionOf } from './attachments';
import { ATTACHMENT_MAX_BYTES, type FileKind } from './file-content';

const verdict = (fileName: string, contentType: string, kind: FileKind | null, size = 1000) =>
  attachmentVerdict({ fileName, contentType, kind, size });

describe('attachmentVerdict', () => {
  it.each<[string, string, FileKind, string, string]>([
    ['a1b2_results.pdf', 'application/pdf', 'pdf', 'pdf', 'application/pdf'],
    ['a1b2_old.doc', 'application/msword', 'doc', 'doc', 'application/msword'],
    [
      'a1b2_letter.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'docx',
      'docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    ['a1b2_notes.txt', 'text/plain', 'txt', 'txt', 'text/plain'],
    ['a1b2_photo.JPG', 'image/jpeg', 'jpeg', 'jpg', 'image/jpeg'],
    ['a1b2_photo.jpeg', 'image/jpg', 'jpeg', 'jpg', 'image/jpeg'],
    ['a1b2_rash.png', 'image/png', 'png', 'png', 'image/png'],
    ['a1b2_anim.gif', 'image/gif', 'gif', 'gif', 'image/gif'],
    ['a1b2_clip.mp4', 'video/mp4', 'mp4', 'mp4', 'video/mp4'],
    ['a1b2_clip.avi', 'video/avi', 'avi', 'avi', 'video/x-msvideo'],
    ['a1b2_clip.avi', 'video/x-msvideo', 'avi', 'avi', 'video/x-msvideo'],
    ['a1b2_clip.mov', 'video/quicktime', 'mov', 'mov', 'video/quicktime'],
    // MP4 and QuickTime stand for each other; the bytes name the kind.
    ['a1b2_clip.mov', 'video/quicktime', 'mp4', 'mp4', 'video/mp4'],
    // No extension: the Content-Type and the bytes decide.
    ['a1b2_scan', 'application/pdf', 'pdf', 'pdf', 'application/pdf'],
    ['a1b2_Dr._Smith_letter', 'text/plain', 'txt', 'txt', 'text/plain'],
  ])('takes %s (%s, bytes of %s) as %s', (name, type, kind, named, contentType) => {
    expect(verdict(name, type, kind)).toEqual({
      check: 'ok',
      kind: named,
      contentType,
      size: 1000,
    });
  });

  it.each<[string, string, FileKind | null]>([
    ['a1b2_photo.png', 'image/png', 'pdf'],
    ['a1b2_results.pdf', 'application/pdf', 'unknown'],
    ['a1b2_results.pdf', 'image/png', 'pdf'],
    ['a1b2_setup.exe', 'application/pdf', 'pdf'],
    ['a1b2_page.html', 'text/plain', 'txt'],
    ['a1b2_face.webp', 'image/webp', 'webp'],
    ['a1b2_face.heic', 'image/heic', 'heic'],
    ['a1b2_clip.webm', 'video/webm', 'webm'],
    ['a1b2_letter.docx', 'application/msword', 'docx'],
    ['a1b2_letter.pdf', 'application/pdf', null],
  ])('refuses %s (%s, bytes of %s)', (name, type, kind) => {
    expect(verdict(name, type, kind)).toEqual({ check: 'not-allowed' });
  });

  it('takes 5 MB exactly, refuses a byte more and an empty file', () => {
    expect(verdict('a.pdf', 'application/pdf', 'pdf', ATTACHMENT_MAX_BYTES).check).toBe('ok');
    expect(verdict('a.pdf', 'application/pdf', 'pdf', ATTACHMENT_MAX_BYTES + 1)).toEqual({
      check: 'too-large',
    });
    expect(verdict('a.pdf', 'application/pdf', null, ATTACHMENT_MAX_BYTES + 1)).toEqual({
      check: 'too-large',
    });
    expect(verdict('a.txt', 'text/plain', 'txt', 0)).toEqual({ check: 'not-allowed' });
  });
});

describe('extensionOf', () => {
  it.each([
    ['a1b2_results.PDF', 'pdf'],
    ['a1b2_archive.tar.gz', 'gz'],
    ['a1b2_scan', null],
    ['a1b2_Dr._Smith', null],
  ])('%s -> %s', (name, extension) => {
    expect(extensionOf(name)).toBe(extension);
  });
});
