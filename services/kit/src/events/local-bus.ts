import type { Bus, BusHandler, BusMessage } from './bus';

/**
 * The in-process bus of single-node mode. Publishing hands each message to every subscribed
 * group in turn and resolves once all have handled it; if one rejects, publish rejects, the
 * relay leaves the outbox row unsent and publishes it again later, and the groups that had
 * already handled it skip it through their inbox. So a crash at any point loses nothing.
 */
export class LocalBus implements Bus {
  readonly kind = 'local' as const;
  private readonly groups = new Map<string, { topics: Set<string>; handler: BusHandler }>();
  private closed = false;

  async publish(messages: BusMessage[]): Promise<void> {
    if (this.closed) throw new Error('Bus is closed');
    for (const message of messages) {
      for (const { topics, handler } of this.groups.values()) {
        if (topics.has(message.topic)) await handler(message);
      }
    }
  }

  async subscribe(group: string, topics: string[], handler: BusHandler): Promise<void> {
    if (this.groups.has(group)) throw new Error(`Consumer group ${group} is already subscribed`);
    this.groups.set(group, { topics: new Set(topics), handler });
  }

  async ping(): Promise<void> {
    if (this.closed) throw new Error('Bus is closed');
  }

  async close(): Promise<void> {
    this.closed = true;
    this.groups.clear();
  }
}
