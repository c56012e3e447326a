/**
 * A payment stands (checkout's `payment-succeeded`): fulfilment learns the order (first
 * checkout) and records the supply the payment pays for. A renewal's supply due now becomes a
 * refill shipment at once when the order's prescription is accepted; later supplies (a 6- or
 * 12-month plan's every 90 days) wait for their dates. Idempotent: supplies are unique per
 * transaction and date, the order is inserted once, and a supply gets one shipment.
 */
import { eq } from 'drizzle-orm';
import { paymentSucceeded } from '@clinic/contracts';
import { defineSubscriber, type ServiceRuntime } from '@clinic/kit';
import { orders, supplies } from '../db/schema';
import { shipDueSupplies } from '../domain/supplies';

export function paymentSucceededSuppliesSubscriber(runtime: ServiceRuntime, publicUrl: string) {
  return defineSubscriber({
    name: 'record-paid-supplies',
    event: paymentSucceeded,
    async handle(data, { tx, events, envelope }) {
      if (data.userId === null) return;
      if (data.kind === 'checkout') {
        await tx
          .insert(orders)
          .values({
            orderId: data.orderId,
            userId: data.userId,
            productName: data.productName,
            planId: data.planId,
            paymentTerms: data.paymentTerms,
            paidAt: new Date(envelope.occurredAt),
          })
          .onConflictDoNothing({ target: orders.orderId });
      }
      const supply =
        data.supply ??
        (data.kind === 'checkout' ? [{ shipOn: envelope.occurredAt, vials: 3 }] : []);
      if (supply.length === 0) return;
      const [order] = await tx.select().from(orders).where(eq(orders.orderId, data.orderId));
      if (!order) return;
      await tx
        .insert(supplies)
        .values(
          supply.map((s) => ({
            orderId: data.orderId,
            transactionId: data.transactionId,
            shipOn: new Date(s.shipOn),
            vials: s.vials,
          })),
        )
        .onConflictDoNothing({ target: [supplies.transactionId, supplies.shipOn] });
      if (data.kind === 'renewal')
        await shipDueSupplies(runtime, tx, events, order, runtime.clock.now(), publicUrl);
    },
  });
}
