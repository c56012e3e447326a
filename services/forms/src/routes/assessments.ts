/**
 * POST /api/submit-md-form and /api/submit-bare-form: an order's medical assessment, re-checked
 * and stored (domain/assessments.ts). The answer says where the patient goes next.
 */
import type { Router } from 'express';
import { formsMessages, submitBareForm, submitMdForm } from '@clinic/contracts';
import { bindRoute } from '@clinic/kit';
import type { Assessments, SubmitRoute } from '../domain/assessments';

export function assessmentRoutes(router: Router, assessments: Assessments): void {
  for (const [route, via] of [
    [submitMdForm, 'md'],
    [submitBareForm, 'bare'],
  ] as const satisfies readonly (readonly [unknown, SubmitRoute])[]) {
    bindRoute(router, route, async ({ principal, body }) => {
      const { redirect } = await assessments.submit(principal, via, body);
      return { success: true as const, message: formsMessages.submitted, redirect };
    });
  }
}
