/**
 * The upload calls every patient file picker makes (the medical form, the portal's re-upload, the
 * reship evidence, the identity video), typed from the contracts: where to PUT a file, the
 * server's check of it after the PUT, and the log of a failed attempt.
 */
import { checkUpload, getSignedUrl, logUploadAttempt } from '@clinic/contracts';
import type { z } from 'zod';
import { callApi } from '../api/client';

export type SignedUpload = z.infer<typeof getSignedUrl.response>;
export type UploadAttempt = z.input<NonNullable<typeof logUploadAttempt.body>>;

/** POST /api/get-signed-url: where to PUT one file. */
export function requestSignedUrl(
  filename: string,
  contentType: string,
  formId: string,
): Promise<SignedUpload> {
  return callApi(getSignedUrl, {
    body: { filename, content_type: contentType, form_id: formId },
  });
}

/**
 * POST /api/uploads/{file_name}/check: the server's check of a file right after its PUT.
 * Rejects with the API error (a 400 says why the file is refused).
 */
export async function checkUploadedFile(fileName: string): Promise<void> {
  await callApi(checkUpload, { params: { file_name: fileName } });
}

/** POST /api/log-upload-attempt, on a failed upload only; its own failure is ignored. */
export async function logFailedUpload(attempt: UploadAttempt): Promise<void> {
  try {
    await callApi(logUploadAttempt, { body: attempt });
  } catch {
    // Spec 002 section 7: never fails the patient's page.
  }
}
