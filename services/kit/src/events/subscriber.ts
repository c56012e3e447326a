import type { EventData, EventDefinition, EventEnvelope } from '@clinic/contracts';
import type { Tx } from '../db/database';
import type { EventWriter } from '../runtime/unit-of-work';

export interface HandlerContext {
  /** The transaction the inbox record is written in: write the handler's effects through it. */
  tx: Tx;
  envelope: EventEnvelope;
  /** Publishes follow-up events in the same transaction (caused by this one). */
  events: EventWriter;
}

/** One consumed event in one service: `name` identifies it in the inbox and dead letters. */
export interface Subscriber<E extends EventDefinition = EventDefinition> {
  name: string;
  event: E;
  handle(data: EventData<E>, ctx: HandlerContext): Promise<void>;
}

export function defineSubscriber<E extends EventDefinition>(
  subscriber: Subscriber<E>,
): Subscriber<E> {
  return subscriber;
}
