/**
 * GET /forms/add-disqualify: the plan page's BMI check failed, so the caller's lead is tagged
 * disqualified (once: a repeat changes nothing and publishes nothing). The reason is the server's
 * own reading of the lead's BMI against the caller's answer when it can tell, else the client's.
 */
import type { Router } from 'express';
import { addDisqualify, planBmiDisqualification } from '@clinic/contracts';
import { HttpError, bindRoute, type ServiceRuntime } from '@clinic/kit';
import { disqualifyLead, latestLeadOf } from '../domain/leads';

export function addDisqualifyRoute(router: Router, runtime: ServiceRuntime): void {
  bindRoute(router, addDisqualify, async ({ query, principal }) => {
    const lead = await latestLeadOf(runtime, principal.userId);
    if (!lead) throw new HttpError(404, 'No application was found for this account.');
    const measured = query.currentGLPMed
      ? planBmiDisqualification(lead.bmi, query.currentGLPMed === 'Yes')
      : null;
    const reason = measured ?? query.reason ?? 'bmi_below_25';
    await disqualifyLead(runtime, lead, reason);
    return { status: 'success' as const, message: 'The application was marked as not qualified.' };
  });
}
