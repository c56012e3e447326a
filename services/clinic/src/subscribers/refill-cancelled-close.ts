/**
 * A refill will not ship (fulfilment's `refill-cancelled`: the subscription ended before the
 * renewal that was to pay for it): a refill check-in still waiting for a clinician leaves the
 * queue, and the case is its accepted self again, the prescription it had standing. A check-in
 * a clinician already decided keeps its decision. Idempotent: only a waiting refill check-in
 * changes.
 */
import { and, eq } from 'drizzle-orm';
import { refillCancelled } from '@clinic/contracts';
import { defineSubscriber, type ServiceRuntime } from '@clinic/kit';
import { cases } from '../db/schema';

export function refillCancelledCloseSubscriber(runtime: ServiceRuntime) {
  return defineSubscriber({
    name: 'close-cancelled-refill-check-ins',
    event: refillCancelled,
    async handle(data, { tx }) {
      await tx
        .update(cases)
        .set({
          status: 'accepted',
          refillCheckIn: false,
          claimedBy: null,
          claimedAt: null,
          dueAt: null,
          updatedAt: runtime.clock.now(),
        })
        .where(
          and(
            eq(cases.orderId, data.orderId),
            eq(cases.status, 'waiting'),
            eq(cases.refillCheckIn, true),
          ),
        );
    },
  });
}
