/**
 * POST /api/console/patients/{userId}/attachment-upload: a clinician signs the upload of one
 * file of their doctor chat answer; the file is the patient's (they read it as their own), and
 * it counts only once chat has it checked by its bytes (FormsRecords.checkPatientAttachment).
 */
import type { Router } from 'express';
import { patientAttachmentUpload } from '@clinic/contracts';
import { bindRoute } from '@clinic/kit';
import type { Uploads } from '../domain/uploads';

export function patientAttachmentUploadRoute(router: Router, uploads: Uploads): void {
  bindRoute(router, patientAttachmentUpload, async ({ principal, params, body }) => {
    const { url, fileName } = await uploads.signPutForPatient(principal, params.userId, body);
    return { success: true as const, url, upload_url: url, file_name: fileName };
  });
}
