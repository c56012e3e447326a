/**
 * The gateway's order view booted alone on embedded engines, fed events as the services publish
 * them (through the bus, so through its subscribers, the kit's inbox and its log).
 */
import { asc } from 'drizzle-orm';
import type { EventEnvelope } from '@clinic/contracts';
import { startServiceForTest, type ServiceUnderTest } from '@clinic/kit/testing';
import { orderItems, patients } from '../db/schema';
import { envelopeOf, type OrderEvent } from '../domain/order-events.fixtures';
import { gatewayService } from '../module';

export interface OrderViewHarness {
  service: ServiceUnderTest;
  /** Publishes each event in its own envelope, in the order given; returns the envelopes. */
  publish(events: readonly OrderEvent[]): Promise<EventEnvelope[]>;
  /** Delivers envelopes again, as a bus redelivering them would. */
  deliver(envelopes: readonly EventEnvelope[]): Promise<void>;
  /** The whole projection, in a stable order. */
  view(): Promise<{ items: unknown[]; patients: unknown[] }>;
  close(): Promise<void>;
}

export async function startOrderView(): Promise<OrderViewHarness> {
  const service = await startServiceForTest(gatewayService, undefined);
  const deliver = async (envelopes: readonly EventEnvelope[]) => {
    for (const envelope of envelopes)
      await service.engines.bus.publish([
        {
          topic: envelope.name,
          key: String((envelope.data as { orderId: number }).orderId),
          envelope,
        },
      ]);
  };
  return {
    service,
    deliver,
    async publish(events) {
      const envelopes = events.map((e) => envelopeOf(e));
      await deliver(envelopes);
      return envelopes;
    },
    async view() {
      const db = service.runtime.db;
      return {
        items: await db.select().from(orderItems).orderBy(asc(orderItems.itemId)),
        patients: await db.select().from(patients).orderBy(asc(patients.userId)),
      };
    },
    close: () => service.close(),
  };
}
