/**
 * The calls of the medical form (spec 002 section 7), typed from the contracts: the loader's
 * order, the questionnaire file, the two submissions, Process Refund and the upload calls. Every
 * answer is read through the route's response schema by the API client.
 */
import {
  checkUpload,
  formsOrder,
  getSignedUrl,
  logUploadAttempt,
  processRefund,
  questionnaire,
  questionnaireOfForm,
  submitBareForm,
  submitMdForm,
  type AssessmentSubmission,
  type FormsOrder,
  type QuestionnaireFile,
} from '@clinic/contracts';
import type { z } from 'zod';
import { callApi } from '../api/client';

export type SignedUpload = z.infer<typeof getSignedUrl.response>;
export type SubmitResult = z.infer<typeof submitMdForm.response>;
export type UploadAttempt = z.input<NonNullable<typeof logUploadAttempt.body>>;

/** GET /forms/orders/{id}: the order as the form loader reads it. */
export function readFormsOrder(id: string): Promise<FormsOrder> {
  return callApi(formsOrder, { params: { id } });
}

/** GET /forms/questionnaires/{name}: the questionnaire file of a form number. */
export function readQuestionnaire(form: 1 | 2 | 3): Promise<QuestionnaireFile> {
  return callApi(questionnaire, { params: { name: questionnaireOfForm[form] } });
}

/** POST /api/submit-md-form (frmName mdIntegration) or /api/submit-bare-form (bareMeds). */
export function sendAssessment(body: AssessmentSubmission): Promise<SubmitResult> {
  return callApi(body.frmName === 'bareMeds' ? submitBareForm : submitMdForm, { body });
}

/** POST /api/process-refund/{id}: withdraws the application and refunds the order. */
export async function requestRefund(id: string): Promise<string> {
  return (await callApi(processRefund, { params: { id } })).message;
}

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
