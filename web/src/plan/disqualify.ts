import { addDisqualify, type DisqualificationReason } from '@clinic/contracts';
import { callApi } from '../api/client';

/**
 * Tags the lead as disqualified by the plan page's BMI check (GET /forms/add-disqualify). Only
 * bookkeeping for the clinic: a failure must not keep the visitor from the /sorry page.
 */
export async function tagDisqualified(
  reason: DisqualificationReason,
  currentGLPMed: 'Yes' | 'No',
): Promise<void> {
  try {
    await callApi(addDisqualify, { query: { reason, currentGLPMed } });
  } catch (error) {
    console.warn('Could not tag the lead as disqualified.', error);
  }
}
