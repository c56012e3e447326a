/**
 * The patient withdrew (`application-withdrawn`; checkout refunds it): nothing of the order
 * ships. Idempotent: the first close stands.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { applicationWithdrawn } from '@clinic/contracts';
import { defineSubscriber } from '@clinic/kit';
import { orders } from '../db/schema';

export const applicationWithdrawnCloseSubscriber = defineSubscriber({
  name: 'close-withdrawn-orders',
  event: applicationWithdrawn,
  async handle(data, { tx }) {
    await tx
      .update(orders)
      .set({ closedAt: new Date(data.withdrawnAt) })
      .where(and(eq(orders.orderId, data.orderId), isNull(orders.closedAt)));
  },
});
