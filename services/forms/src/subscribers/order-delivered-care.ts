/**
 * An order's first delivery (fulfilment's `order-delivered`) opens its injection day: the
 * patient may pick their weekly day and log doses from then. A patient who already has a day (a
 * later order) gets its reminders again from its next dose. Idempotent: a later delivery (a
 * refill, a replacement) keeps the first one's moment, and the reminders' job ids name the
 * patient and the moment.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { injectionWeek, orderDelivered } from '@clinic/contracts';
import { defineSubscriber, type ServiceRuntime } from '@clinic/kit';
import { injectionDays, orders } from '../db/schema';
import { scheduleDoseReminders } from '../jobs/definitions/dose-reminder';

export function orderDeliveredCareSubscriber(runtime: ServiceRuntime) {
  return defineSubscriber({
    name: 'open-injection-day',
    event: orderDelivered,
    async handle(data, { tx }) {
      const opened = await tx
        .update(orders)
        .set({ firstDeliveredAt: new Date(data.deliveredAt) })
        .where(and(eq(orders.orderId, data.orderId), isNull(orders.firstDeliveredAt)))
        .returning({ userId: orders.userId });
      if (opened.length === 0) return;
      const [day] = await tx
        .select()
        .from(injectionDays)
        .where(eq(injectionDays.userId, data.userId));
      if (day)
        await scheduleDoseReminders(
          runtime,
          tx,
          data.userId,
          injectionWeek(day, runtime.clock.now()).next.at,
        );
    },
  });
}
