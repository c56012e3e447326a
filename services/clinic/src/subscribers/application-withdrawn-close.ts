/**
 * The patient withdrew (forms' `application-withdrawn`, Process Refund): the case leaves the
 * queue for good. Idempotent; a case already decided keeps its decision.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { applicationWithdrawn } from '@clinic/contracts';
import { defineSubscriber, type ServiceRuntime } from '@clinic/kit';
import { cases } from '../db/schema';

export function applicationWithdrawnCloseSubscriber(runtime: ServiceRuntime) {
  return defineSubscriber({
    name: 'close-withdrawn-cases',
    event: applicationWithdrawn,
    async handle(data, { tx }) {
      await tx
        .update(cases)
        .set({ status: 'withdrawn', claimedBy: null, updatedAt: runtime.clock.now() })
        .where(
          and(
            eq(cases.orderId, data.orderId),
            inArray(cases.status, ['awaiting-assessment', 'needs-video', 'waiting']),
          ),
        );
    },
  });
}
