/**
 * The shape of every funnel subscriber: turn the event into a funnel fact (or none, for an event
 * that is no step: a refill's form, a payment without an account) and keep it. At least once is
 * enough: the fact's event id makes a redelivery change nothing, and a fact arriving before or
 * after its person's others recomputes the same share (domain/funnel.ts). A new conversion is
 * handed to the live feed once its transaction has committed, never for a redelivery.
 */
import type { EventData, EventDefinition, EventEnvelope, LiveConversion } from '@clinic/contracts';
import { afterCommit, defineSubscriber, type Subscriber, type Tx } from '@clinic/kit';
import { recordFunnelFact } from './funnel';
import type { FunnelFact } from './funnel-steps';
import { isConversion, liveConversionOf } from './live-feed';

type FactShape = Omit<FunnelFact, 'eventId' | 'occurredAt'> | null;

/** The fact of an event; `tx` for what it must read (marketing's copy of the offers). */
type FactOf<E extends EventDefinition> = (
  data: EventData<E>,
  envelope: EventEnvelope,
  tx: Tx,
) => FactShape | Promise<FactShape>;

/** Where counted conversions go (the live conversions sockets). */
export type LiveSink = (conversion: LiveConversion) => void;

/** One funnel step's subscriber, made once the live feed it tells is known. */
export type FunnelStepSubscriber = (live: LiveSink) => Subscriber<EventDefinition>;

export function funnelSubscriber<E extends EventDefinition>(
  event: E,
  factOf: FactOf<E>,
): FunnelStepSubscriber {
  return (live) =>
    defineSubscriber({
      name: `funnel-${event.name}`,
      event,
      async handle(data, { tx, envelope }) {
        const shape = await factOf(data, envelope, tx);
        if (!shape) return;
        const fact = { ...shape, eventId: envelope.id, occurredAt: new Date(envelope.occurredAt) };
        if (!(await recordFunnelFact(tx, fact)) || !isConversion(fact)) return;
        const conversion = await liveConversionOf(tx, fact);
        afterCommit(tx, () => live(conversion));
      },
    }) as Subscriber<EventDefinition>;
}
