import type { EventEnvelope } from '@clinic/contracts';

/** One event on the wire: the topic is the event name, the key its aggregate (ordering unit). */
export interface BusMessage {
  topic: string;
  key: string;
  envelope: EventEnvelope;
}

/**
 * Resolves when the message is done with. Rejecting means "not handled": the bus delivers it
 * again later (at least once), so handlers must be idempotent (see the inbox).
 */
export type BusHandler = (message: BusMessage) => Promise<void>;

/** How far a consumer group is behind on one topic, in messages. */
export interface ConsumerLag {
  group: string;
  topic: string;
  lag: number;
}

/**
 * The message bus. `publish` resolves only when the messages are durably accepted: by Kafka with
 * acks from all in-sync replicas, or by every local subscriber having handled them.
 */
export interface Bus {
  readonly kind: 'local' | 'kafka';
  publish(messages: BusMessage[]): Promise<void>;
  /** One subscription per consumer group (a subscribing service); messages of one key in order. */
  subscribe(group: string, topics: string[], handler: BusHandler): Promise<void>;
  ping(): Promise<void>;
  /**
   * A bus with a log of its own (Kafka): each of this process' groups' lag behind it. The local
   * bus has none: its backlog is the events still in the outboxes (see metrics/backlog.ts).
   */
  consumerLag?(): Promise<ConsumerLag[]>;
  close(): Promise<void>;
}
