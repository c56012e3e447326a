/**
 * A subscription that ended (checkout's `subscription-cancelled`, by the patient or the clinic)
 * ends the care of the order it renews: no "This week" card, no dose or check-in reminder. The
 * patient's other orders keep theirs. An event published before it named its order ends the
 * care of the patient's orders paid until then, as it did. Idempotent: the first end's moment is
 * kept.
 */
import { and, eq, isNull, lte } from 'drizzle-orm';
import { subscriptionCancelled } from '@clinic/contracts';
import { defineSubscriber, type ServiceRuntime } from '@clinic/kit';
import { orders } from '../db/schema';

export function subscriptionCancelledCareSubscriber(runtime: ServiceRuntime) {
  return defineSubscriber({
    name: 'stop-care',
    event: subscriptionCancelled,
    async handle(data, { tx }) {
      if (data.userId === null) return;
      const now = runtime.clock.now();
      await tx
        .update(orders)
        .set({ careStoppedAt: now })
        .where(
          and(
            eq(orders.userId, data.userId),
            isNull(orders.careStoppedAt),
            data.orderId === null ? lte(orders.paidAt, now) : eq(orders.orderId, data.orderId),
          ),
        );
    },
  });
}
