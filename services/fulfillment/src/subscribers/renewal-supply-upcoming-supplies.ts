/**
 * A renewal charge is coming that will pay for a supply (checkout's `renewal-supply-upcoming`,
 * sent with the renewal notice 7 or 15 days before): the supply is recorded as not yet paid, so
 * its refill shipment is made 7 days before its date and the refill check-in opens then, as every
 * refill's does (domain/supplies.ts), not on the day the renewal is charged. The shipment leaves
 * only once the renewal is paid: payment-succeeded-supplies takes the supply over, and
 * domain/refills.ts releases no shipment of an unpaid supply.
 * Idempotent: one set of unpaid supplies per order at a time (a renewal moved by a pause announces
 * the same supply again); nothing for a renewal already paid (its payment recorded the supply),
 * an order fulfilment does not know, a closed one, or one whose subscription ended.
 */
import { and, eq, gte } from 'drizzle-orm';
import { renewalSupplyUpcoming } from '@clinic/contracts';
import { defineSubscriber, type ServiceRuntime } from '@clinic/kit';
import { orders, supplies } from '../db/schema';
import { shipDueSupplies } from '../domain/supplies';

export function renewalSupplyUpcomingSuppliesSubscriber(
  runtime: ServiceRuntime,
  publicUrl: string,
) {
  return defineSubscriber({
    name: 'record-upcoming-supplies',
    event: renewalSupplyUpcoming,
    async handle(data, { tx, events }) {
      const [order] = await tx
        .select()
        .from(orders)
        .where(eq(orders.orderId, data.orderId))
        .for('update');
      if (!order || order.closedAt || order.renewalsEndedAt) return;
      const billingDate = new Date(data.billingDate);
      const [known] = await tx
        .select({ id: supplies.id })
        .from(supplies)
        .where(
          and(
            eq(supplies.orderId, order.orderId),
            // Either announced already, or paid: the charge's own supply ships on its day.
            gte(supplies.shipOn, billingDate),
          ),
        )
        .limit(1);
      const [unpaid] = await tx
        .select({ id: supplies.id })
        .from(supplies)
        .where(and(eq(supplies.orderId, order.orderId), eq(supplies.paid, false)))
        .limit(1);
      if (known || unpaid) return;
      await tx.insert(supplies).values(
        data.supply.map((s) => ({
          orderId: order.orderId,
          transactionId: `upcoming-${data.subscriptionId}-${data.billingDate}`,
          shipOn: new Date(s.shipOn),
          vials: s.vials,
          paid: false,
        })),
      );
      await shipDueSupplies(runtime, tx, events, order, runtime.clock.now(), publicUrl);
    },
  });
}
