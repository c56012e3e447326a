/**
 * The reship wizard's calls (spec 002 section 7): the delivered items the patient may ask to
 * replace, the evidence photo's upload (the forms' POST /api/get-signed-url, the file PUT to the
 * signed URL with the medical form's putFile, then the server's check of what was stored) and
 * the request itself.
 */
import {
  getShippedItems,
  getSignedUrl,
  type shippedOrderSchema,
  submitReshipRequest,
} from '@clinic/contracts';
import type { z } from 'zod';
import { callApi } from '../api/client';
import { checkUploadedFile } from '../uploads/uploadApi';
import { checkFailure, putFile, uploadFileName } from '../uploads/upload';

export type ShippedOrder = z.infer<typeof shippedOrderSchema>;
export type ReshipBody = z.input<NonNullable<typeof submitReshipRequest.body>>;

/** GET /api/get-shipped-items: items[0].orders, the caller's delivered orders in the window. */
export async function readShippedItems(): Promise<ShippedOrder[]> {
  const answer = await callApi(getShippedItems);
  return answer.items[0]?.orders ?? [];
}

/**
 * Uploads the evidence photo: a signed URL for it, the file PUT there, then the server's check of
 * the stored bytes (POST /api/uploads/{file_name}/check), so a file the server refuses is refused
 * on the evidence step in its words, before any request is sent. Resolves with the stored file's
 * name (the request's `image`). Fails with the client's ApiError (the signed URL) or the upload's
 * UploadFailure (the PUT, or the check: 'refused' when the server refuses the file).
 */
export async function uploadEvidence(
  file: File,
  onProgress: (percent: number) => void,
  now: number = Date.now(),
): Promise<string> {
  const signed = await callApi(getSignedUrl, {
    body: {
      filename: uploadFileName('reship', 'evidence', now, file.name),
      content_type: file.type,
    },
  });
  await putFile(signed.upload_url, file, onProgress);
  try {
    await checkUploadedFile(signed.file_name);
  } catch (cause) {
    throw checkFailure(cause);
  }
  return signed.file_name;
}

/** POST /api/submit-reship-request: the server's message on success. */
export async function sendReshipRequest(body: ReshipBody): Promise<string> {
  return (await callApi(submitReshipRequest, { body })).message;
}
