/**
 * The calls of the medical form (spec 002 section 7), typed from the contracts: the loader's
 * order, the questionnaire file, the two submissions and Process Refund (its uploads: ../uploads/uploadApi.ts). Every
 * answer is read through the route's response schema by the API client.
 */
import {
  formsOrder,
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

export type SubmitResult = z.infer<typeof submitMdForm.response>;

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
