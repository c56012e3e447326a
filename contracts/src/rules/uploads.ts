/**
 * What a patient may upload: the questionnaire's images, the identity video, and the doctor chat's
 * attachments (their sizes and the types a browser may name them with; the bytes still decide).
 */

/** Images of the questionnaire: 5 MB at most (5,242,880 bytes). */
export const maxImageBytes = 5_242_880;

/**
 * The document types of the doctor chat's attachments (spec 002 "Doctor chat": pdf, doc, docx,
 * txt), besides the images and videos every upload may be. Their bytes are checked as uploads are.
 */
export const attachmentDocumentTypes = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'text/plain',
] as const;

/** Spec 002 section 5, identity video limits. */
export const videoLimits = {
  maxBytes: 100 * 1024 * 1024,
  compressAboveBytes: 60 * 1024 * 1024,
  minSeconds: 5,
  maxSeconds: 60,
} as const;

/**
 * The Content-Types a doctor chat attachment may be uploaded with (spec 002 "Doctor chat": pdf,
 * doc, docx, txt, jpg, png, gif, mp4, avi, mov), as browsers name them; the bytes still decide.
 */
export const attachmentContentTypes = [
  ...attachmentDocumentTypes,
  'image/jpeg',
  'image/jpg',
  'image/pjpeg',
  'image/png',
  'image/gif',
  'video/mp4',
  'video/quicktime',
  'video/x-msvideo',
  'video/avi',
  'video/msvideo',
] as const;
