import { addDisqualify, type DisqualificationReason } from '@clinic/contracts';
import { apiFetch } from '../api/client';

/**
 * Tags the lead as disqualified by the plan page's BMI check (GET /forms/add-disqualify). Only
 * bookkeeping for the clinic: a failure must not keep the visitor from the /sorry page.
 */
export async function tagDisqualified(
  reason: DisqualificationReason,
  currentGLPMed: 'Yes' | 'No',
): Promise<void> {
  const query = new URLSearchParams({ reason, currentGLPMed });
  try {
    await apiFetch(`${addDisqualify.path}?${query.toString()}`);
  } catch (error) {
    console.warn('Could not tag the lead as disqualified.', error);
  }
}
