import type { Router } from 'express';
import { getShippedItems, reshipMessages, submitReshipRequest } from '@clinic/contracts';
import { bindRoute } from '@clinic/kit';
import type { Reships } from '../domain/reships';

/** The patient's replacement wizard (spec 002): what may be replaced, and the request. */
export function patientReshipRoutes(router: Router, work: Reships): void {
  bindRoute(router, getShippedItems, async ({ principal }) => ({
    success: true as const,
    items: [{ orders: await work.shippedItems(principal.userId) }],
  }));
  bindRoute(router, submitReshipRequest, async ({ principal, body }) => {
    await work.request(principal.userId, body);
    return { success: true as const, message: reshipMessages.thankYou };
  });
}
