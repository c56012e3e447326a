/**
 * What every upload shares, beside get-signed-url (forms.ts): how the browser PUTs a file to its
 * signed URL (once: the storage refuses a second PUT, so what the server checked stays what it
 * checked), the patient's words when a file is not a photo, and the check the browser asks for
 * right after the PUT, so a refused file is refused on the screen where it was chosen.
 */
import { z } from 'zod';
import { text } from './fields';
import { uploadMessages } from './forms';
import { defineRoute } from './route';

/**
 * The headers of the one PUT a signed upload URL takes: the Content-Type it was signed for, and
 * `If-None-Match: *` (store only where nothing is stored yet). A PUT without them is refused
 * (403), a second PUT to the same URL is refused (412); both leave the stored file as it was.
 */
export function signedPutHeaders(contentType: string): Record<string, string> {
  return { 'Content-Type': contentType, 'If-None-Match': '*' };
}

/** The status a signed URL answers a second PUT with: something is already stored there. */
export const SIGNED_PUT_ALREADY_STORED = 412;

/** Ours: a photo refused by its content, in the patient's words (never a file name or a number). */
export const photoMessages = {
  notAPhoto: 'This file is not a photo. Please choose a JPEG, PNG or HEIC picture.',
  notUploaded: 'Your photo did not finish uploading. Please choose it again.',
  unreadable: 'We could not open this file. Please choose it again.',
  tooLarge: uploadMessages.tooLarge,
} as const;

export const checkUpload = defineRoute({
  method: 'post',
  path: '/api/uploads/:file_name/check',
  service: 'forms',
  auth: 'patient',
  allowCartSession: true,
  summary:
    "Checks one of the caller's own uploads by its content (get-signed-url's file_name), right after its PUT: a photo must be a JPEG, PNG, GIF, WebP or HEIC picture within 5 MB, a video a video within 100 MB. A refused file is deleted and answered with a 400 in the patient's words; a name that is not the caller's upload is a 404.",
  params: z.object({ file_name: text(300).regex(/^[A-Za-z0-9._-]+$/, 'Unknown file') }),
  response: z.object({ success: z.literal(true) }),
});
