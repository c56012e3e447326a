/**
 * The shape of every funnel subscriber: turn the event into a funnel fact (or none, for an event
 * that is no step: a refill's form, a payment without an account) and keep it. At least once is
 * enough: the fact's event id makes a redelivery change nothing, and a fact arriving before or
 * after its person's others recomputes the same share (domain/funnel.ts).
 */
import type { EventData, EventDefinition, EventEnvelope } from '@clinic/contracts';
import { defineSubscriber, type Subscriber } from '@clinic/kit';
import { recordFunnelFact } from './funnel';
import type { FunnelFact } from './funnel-steps';

type FactOf<E extends EventDefinition> = (
  data: EventData<E>,
  envelope: EventEnvelope,
) => Omit<FunnelFact, 'eventId' | 'occurredAt'> | null;

export function funnelSubscriber<E extends EventDefinition>(
  event: E,
  factOf: FactOf<E>,
): Subscriber<E> {
  return defineSubscriber({
    name: `funnel-${event.name}`,
    event,
    async handle(data, { tx, envelope }) {
      const fact = factOf(data, envelope);
      if (!fact) return;
      await recordFunnelFact(tx, {
        ...fact,
        eventId: envelope.id,
        occurredAt: new Date(envelope.occurredAt),
      });
    },
  });
}
