/**
 * ship-due-supply: on a later supply's date (a 6- or 12-month plan ships 3 vials every 90 days),
 * makes its refill shipment. Enqueued with the transaction that accepted the prescription or
 * recorded the payment, delayed to the date; one job per supply (its id). Running it again, or
 * early, ships nothing twice: shipDueSupplies takes only due supplies without a shipment.
 */
import { eq } from 'drizzle-orm';
import { defineJob, type ServiceRuntime } from '@clinic/kit';
import { orders } from '../db/schema';
import { shipDueSupplies } from '../domain/supplies';
import { shipDueSupply } from './definitions/ship-due-supply';

export function shipDueSupplyJob(runtime: ServiceRuntime, publicUrl: string) {
  return defineJob({
    ...shipDueSupply,
    async handle({ orderId }) {
      await runtime.transaction(async (tx, events) => {
        const [order] = await tx
          .select()
          .from(orders)
          .where(eq(orders.orderId, orderId))
          .for('update');
        if (order)
          await shipDueSupplies(runtime, tx, events, order, runtime.clock.now(), publicUrl);
      });
    },
  });
}
