/**
 * What every subscriber of the order view does with its event: append it to the gateway's log
 * once and project its order again (domain/order-view.ts). It runs at least once: a redelivery
 * finds the event id in the log (and in the kit's inbox) and changes nothing. The patient's
 * recently answered view is forgotten, so their next read shows the change.
 */
import type { z } from 'zod';
import type { EventDefinition } from '@clinic/contracts';
import { defineSubscriber, type Subscriber } from '@clinic/kit';
import { recordOrderEvent } from '../domain/order-view';
import type { RecentViews } from '../domain/recent-views';

/** An event about one checkout order and its patient: the ones the view is built from. */
type OrderEventDefinition = EventDefinition<
  string,
  z.ZodType<{ orderId: number; userId: number | null }>
>;

export function orderViewSubscriber<E extends OrderEventDefinition>(
  event: E,
): (views: RecentViews) => Subscriber<E> {
  return (views) =>
    defineSubscriber({
      name: `order-view-${event.name}`,
      event,
      async handle(data, { tx, envelope }) {
        const changed = await recordOrderEvent(tx, envelope, {
          orderId: data.orderId,
          userId: data.userId,
        });
        if (changed) views.forget(data.userId);
      },
    });
}
