/** POST /api/process-refund/{id}: Process Refund on the "We Cannot Proceed" popup. */
import type { Router } from 'express';
import { formsMessages, processRefund } from '@clinic/contracts';
import { bindRoute, type ServiceRuntime } from '@clinic/kit';
import { withdrawApplication } from '../domain/withdrawals';

export function processRefundRoute(router: Router, runtime: ServiceRuntime): void {
  bindRoute(router, processRefund, async ({ principal, params }) => {
    await withdrawApplication(runtime, principal, params.id);
    return { success: true as const, message: formsMessages.refundRequested };
  });
}
