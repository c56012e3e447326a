/**
 * An order's first delivery (fulfilment's `order-delivered`) opens its injection day: the
 * patient may pick their weekly day and log doses from then. Idempotent: a later delivery (a
 * refill, a replacement) keeps the first one's moment.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { orderDelivered } from '@clinic/contracts';
import { defineSubscriber } from '@clinic/kit';
import { orders } from '../db/schema';

export const orderDeliveredCareSubscriber = defineSubscriber({
  name: 'open-injection-day',
  event: orderDelivered,
  async handle(data, { tx }) {
    await tx
      .update(orders)
      .set({ firstDeliveredAt: new Date(data.deliveredAt) })
      .where(and(eq(orders.orderId, data.orderId), isNull(orders.firstDeliveredAt)));
  },
});
