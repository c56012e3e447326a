/**
 * POST /api/get-signed-url (a signed URL to PUT one image or video to) and
 * POST /api/log-upload-attempt (a failed upload, for support; it never fails the page).
 */
import type { Router } from 'express';
import { getSignedUrl, logUploadAttempt } from '@clinic/contracts';
import { bindRoute } from '@clinic/kit';
import type { Uploads } from '../domain/uploads';

export function uploadRoutes(router: Router, uploads: Uploads): void {
  bindRoute(router, getSignedUrl, async ({ principal, body }) => {
    const { url, fileName } = await uploads.signPut(principal, body);
    return { success: true as const, url, upload_url: url, file_name: fileName };
  });
  bindRoute(router, logUploadAttempt, async ({ principal, body }) => {
    await uploads.logAttempt(principal, body);
    return { success: true as const };
  });
}
