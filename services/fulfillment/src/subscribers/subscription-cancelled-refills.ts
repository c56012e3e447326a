/**
 * A subscription ended (checkout's `subscription-cancelled`) before the renewal that was to pay
 * for an announced supply (renewal-supply-upcoming) was charged: that supply will never be paid.
 * Its refill, waiting for its check-in, is cancelled (it leaves the pharmacy's lists and is never
 * released) and `refill-cancelled` tells forms to close the check-in and the portal to drop it; a
 * supply not yet made into a shipment is simply removed. Supplies already paid still ship.
 * The order remembers that its renewals ended, so an announcement arriving late makes nothing.
 * Idempotent: a cancelled refill is cancelled once; events before subscriptions named their order
 * change nothing.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { refillCancelled, subscriptionCancelled } from '@clinic/contracts';
import { defineSubscriber, type ServiceRuntime } from '@clinic/kit';
import { orders, shipments, shipmentSteps, supplies } from '../db/schema';
import { shipmentRef } from '../domain/shipments';

export function subscriptionCancelledRefillsSubscriber(runtime: ServiceRuntime) {
  return defineSubscriber({
    name: 'cancel-unpaid-refills',
    event: subscriptionCancelled,
    async handle(data, { tx, events }) {
      if (data.orderId === null) return;
      const now = runtime.clock.now();
      await tx
        .update(orders)
        .set({ renewalsEndedAt: now })
        .where(and(eq(orders.orderId, data.orderId), isNull(orders.renewalsEndedAt)));
      const unpaid = await tx
        .delete(supplies)
        .where(and(eq(supplies.orderId, data.orderId), eq(supplies.paid, false)))
        .returning({ shipmentId: supplies.shipmentId });
      const made = unpaid.flatMap((s) => (s.shipmentId === null ? [] : [s.shipmentId]));
      if (made.length === 0) return;
      const cancelled = await tx
        .update(shipments)
        .set({ cancelledAt: now, updatedAt: now })
        .where(
          and(
            inArray(shipments.id, made),
            eq(shipments.status, 'awaiting_check_in'),
            isNull(shipments.cancelledAt),
          ),
        )
        .returning();
      for (const shipment of cancelled) {
        await tx
          .insert(shipmentSteps)
          .values({ shipmentId: shipment.id, step: 'cancelled (renewal not charged)', at: now });
        await events.publish(refillCancelled, {
          ...shipmentRef(shipment),
          cancelledAt: now.toISOString(),
        });
      }
    },
  });
}
