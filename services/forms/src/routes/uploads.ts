/**
 * POST /api/get-signed-url (a signed URL to PUT one image, video or chat document to) and
 * POST /api/log-upload-attempt (a failed upload, for support; it never fails the page) and
 * POST /api/upload-image-again (the portal's re-upload of an assessment image),
 * POST /api/uploads/{file_name}/check (the check of an upload right after its PUT) and
 * GET /api/uploads/{file_name}/read-url (the owner's signed read of a checked upload).
 */
import type { Router } from 'express';
import {
  checkUpload,
  getSignedUrl,
  logUploadAttempt,
  reuploadMessages,
  uploadImageAgain,
  uploadReadUrl,
} from '@clinic/contracts';
import { bindRoute, type ServiceRuntime } from '@clinic/kit';
import { replaceAssessmentImage } from '../domain/image-reuploads';
import type { Uploads } from '../domain/uploads';

export function uploadRoutes(router: Router, runtime: ServiceRuntime, uploads: Uploads): void {
  bindRoute(router, getSignedUrl, async ({ principal, body }) => {
    const { url, fileName } = await uploads.signPut(principal, body);
    return { success: true as const, url, upload_url: url, file_name: fileName };
  });
  bindRoute(router, uploadImageAgain, async ({ principal, body }) => {
    await replaceAssessmentImage(runtime, uploads, principal, body);
    return { status: 'success' as const, message: reuploadMessages.replaced };
  });
  bindRoute(router, checkUpload, async ({ principal, params }) => {
    await uploads.confirm(principal, params.file_name);
    return { success: true as const };
  });
  bindRoute(router, uploadReadUrl, async ({ principal, params }) => ({
    success: true as const,
    url: await uploads.signGet(principal, params.file_name),
  }));
  bindRoute(router, logUploadAttempt, async ({ principal, body }) => {
    await uploads.logAttempt(principal, body);
    return { success: true as const };
  });
}
