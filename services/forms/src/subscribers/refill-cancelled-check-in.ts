/**
 * A refill will not ship (fulfilment's `refill-cancelled`: the subscription ended before the
 * renewal that was to pay for it): its check-in closes, open or sent and not yet decided (the
 * clinic takes a sent one out of its queue the same way). The order is back to its accepted
 * prescription, the portal stops asking for the check-in and its reminders find it closed
 * (jobs/check-in-reminder). Idempotent: only an open or sent check-in closes.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { refillCancelled } from '@clinic/contracts';
import { defineSubscriber, type ServiceRuntime } from '@clinic/kit';
import { orders } from '../db/schema';

export function refillCancelledCheckInSubscriber(runtime: ServiceRuntime) {
  return defineSubscriber({
    name: 'close-cancelled-check-ins',
    event: refillCancelled,
    async handle(data, { tx }) {
      await tx
        .update(orders)
        .set({
          status: 'prescription_accepted',
          refillShipOn: null,
          updatedAt: runtime.clock.now(),
        })
        .where(
          and(
            eq(orders.orderId, data.orderId),
            inArray(orders.status, ['pending_approval', 'submitted']),
          ),
        );
    },
  });
}
