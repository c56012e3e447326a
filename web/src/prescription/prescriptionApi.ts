/**
 * The calls of the prescription confirmation page and of adjust-doses (spec 002 section 7),
 * typed from the contracts: prescription-pending, prescription-update, prescription-getorder and
 * submit-adjust-doses-form. Every answer is read through the route's response schema.
 */
import {
  prescriptionGetOrder,
  prescriptionPending,
  prescriptionUpdate,
  submitAdjustDosesForm,
} from '@clinic/contracts';
import type { z } from 'zod';
import { callApi } from '../api/client';

export type PrescriptionItem = z.infer<typeof prescriptionPending.response>['prescription'][number];
export type AdjustableOrder = z.infer<typeof prescriptionGetOrder.response>;
export type AdjustDosesBody = z.input<NonNullable<typeof submitAdjustDosesForm.body>>;
export type Answered = z.infer<typeof prescriptionUpdate.response>;

/** GET /api/prescription-pending/{id}: the items waiting for the patient's answer. */
export async function readPendingPrescription(id: string): Promise<PrescriptionItem[]> {
  return (await callApi(prescriptionPending, { params: { id } })).prescription;
}

/** POST /api/prescription-update/{id}: Approve (accept true) or Decline & Update with Doctor. */
export function answerPrescription(id: string, accept: boolean): Promise<Answered> {
  return callApi(prescriptionUpdate, { params: { id }, body: { order_id: id, accept } });
}

/** GET /api/prescription-getorder/{id}: the order adjust-doses starts from. */
export function readAdjustableOrder(id: string): Promise<AdjustableOrder> {
  return callApi(prescriptionGetOrder, { params: { id } });
}

/** POST /api/submit-adjust-doses-form: the doses asked for, with the prescription's photo. */
export function sendAdjustment(body: AdjustDosesBody): Promise<Answered> {
  return callApi(submitAdjustDosesForm, { body });
}
