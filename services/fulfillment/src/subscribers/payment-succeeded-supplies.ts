/**
 * A payment stands (checkout's `payment-succeeded`): fulfilment learns the order (first
 * checkout) and records the supply the payment pays for. A renewal's supply due now becomes a
 * refill shipment at once when the order's prescription is accepted; later supplies (a 6- or
 * 12-month plan's every 90 days) wait for their dates. A renewal whose supply was announced
 * before it (renewal-supply-upcoming) takes that supply over, earliest first, instead of
 * recording it again: its shipment, waiting for the check-in since 7 days before, is released
 * now when the check-in was already approved. Idempotent: a transaction's supplies are recorded
 * once, the order is inserted once, and a supply gets one shipment.
 */
import { and, asc, eq } from 'drizzle-orm';
import { paymentSucceeded } from '@clinic/contracts';
import { defineSubscriber, type ServiceRuntime } from '@clinic/kit';
import { orders, supplies } from '../db/schema';
import { releaseRefills } from '../domain/refills';
import { acceptedPrescriptionOf } from '../domain/shipments';
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
      const [order] = await tx
        .select()
        .from(orders)
        .where(eq(orders.orderId, data.orderId))
        .for('update');
      if (!order) return;
      const [recorded] = await tx
        .select({ id: supplies.id })
        .from(supplies)
        .where(eq(supplies.transactionId, data.transactionId))
        .limit(1);
      let announced: { id: number }[] = [];
      if (!recorded) {
        announced =
          data.kind === 'renewal'
            ? await tx
                .select({ id: supplies.id })
                .from(supplies)
                .where(and(eq(supplies.orderId, order.orderId), eq(supplies.paid, false)))
                .orderBy(asc(supplies.shipOn), asc(supplies.id))
                .limit(supply.length)
            : [];
        for (const { id } of announced)
          await tx
            .update(supplies)
            .set({ paid: true, transactionId: data.transactionId })
            .where(eq(supplies.id, id));
        const rest = supply.slice(announced.length);
        if (rest.length > 0)
          await tx
            .insert(supplies)
            .values(
              rest.map((s) => ({
                orderId: data.orderId,
                transactionId: data.transactionId,
                shipOn: new Date(s.shipOn),
                vials: s.vials,
              })),
            )
            .onConflictDoNothing({ target: [supplies.transactionId, supplies.shipOn] });
      }
      if (data.kind !== 'renewal') return;
      const now = runtime.clock.now();
      await shipDueSupplies(runtime, tx, events, order, now, publicUrl);
      // An announced supply's shipment may have had its check-in approved while it waited.
      const rx = announced.length > 0 ? await acceptedPrescriptionOf(tx, order.orderId) : null;
      if (rx && !order.closedAt) await releaseRefills(tx, events, rx, now);
    },
  });
}
