/**
 * A clinician denied the order (`assessment-denied`; checkout refunds it): nothing more of it
 * ships. Idempotent: the first close stands.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { assessmentDenied } from '@clinic/contracts';
import { defineSubscriber } from '@clinic/kit';
import { orders } from '../db/schema';

export const assessmentDeniedCloseSubscriber = defineSubscriber({
  name: 'close-denied-orders',
  event: assessmentDenied,
  async handle(data, { tx }) {
    await tx
      .update(orders)
      .set({ closedAt: new Date(data.deniedAt) })
      .where(and(eq(orders.orderId, data.orderId), isNull(orders.closedAt)));
  },
});
