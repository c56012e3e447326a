/**
 * The privacy requests' calls (contracts/src/api/privacy-admin.ts) through the typed client: the
 * list, optionally of one state, and the two steps. Every answer is parsed by the route's
 * response schema.
 */
import {
  closePrivacyRequest,
  privacyRequestQueue,
  verifyPrivacyRequest,
  type PrivacyRequestState,
  type PrivacyRequestView,
} from '@clinic/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../api/client';

export type PrivacyQueueAnswer = z.infer<typeof privacyRequestQueue.response>;

/**
 * GET /api/console/privacy-requests?state=: each read is a line on the audit trail, so the page
 * reads when it opens and after a step, never on a timer.
 */
export function privacyRequestsQuery(state: PrivacyRequestState | null) {
  return queryOptions<PrivacyQueueAnswer, Error>({
    queryKey: ['privacy-requests', state],
    queryFn: () => callApi(privacyRequestQueue, { query: state ? { state } : {} }),
    retry: false,
  });
}

export async function markVerified(reference: string): Promise<PrivacyRequestView> {
  return (await callApi(verifyPrivacyRequest, { params: { reference } })).request;
}

export async function markDone(reference: string, note: string): Promise<PrivacyRequestView> {
  return (await callApi(closePrivacyRequest, { params: { reference }, body: { note } })).request;
}
