/**
 * The prescription confirmation page's calls and adjust-doses': prescription-pending,
 * prescription-update, prescription-getorder and submit-adjust-doses-form.
 */
import type { Router } from 'express';
import {
  prescriptionGetOrder,
  prescriptionMessages,
  prescriptionPending,
  prescriptionUpdate,
  submitAdjustDosesForm,
} from '@clinic/contracts';
import { bindRoute } from '@clinic/kit';
import type { Prescriptions } from '../domain/prescriptions';

export function prescriptionRoutes(router: Router, prescriptions: Prescriptions): void {
  bindRoute(router, prescriptionPending, async ({ principal, params }) => ({
    success: true as const,
    prescription: await prescriptions.pending(principal, params.id),
  }));
  bindRoute(router, prescriptionUpdate, async ({ principal, params, body }) => ({
    success: true as const,
    ...(await prescriptions.answer(principal, params.id, body.accept)),
  }));
  bindRoute(router, prescriptionGetOrder, async ({ principal, params }) => ({
    success: true as const,
    ...(await prescriptions.adjustableOrder(principal, params.id)),
  }));
  bindRoute(router, submitAdjustDosesForm, async ({ principal, body }) => {
    await prescriptions.submitAdjustment(principal, body);
    return {
      success: true as const,
      message: prescriptionMessages.adjustmentSent,
      redirect: '/home',
    };
  });
}
