import { KafkaJSConnectionError, KafkaJSProtocolError, type Consumer } from 'kafkajs';
import { FakeTimers, settle } from '../testing/fake-timers';
import { silentLogger } from '../testing/support';
import type { BusMessage } from './bus';
import { KafkaSubscription } from './kafka-subscription';

const protocolError = (type: string, message: string, retriable: boolean) =>
  new KafkaJSProtocolError({ type, message, retriable, code: 0 } as never);

type EachMessage = (payload: {
  topic: string;
  message: { key: Buffer | null; value: Buffer | null };
}) => Promise<void>;

/** Enough of a KafkaJS consumer to play what a broker does to one: refuse, join, crash. */
class FakeConsumer {
  readonly events = { GROUP_JOIN: 'consumer.group_join', CRASH: 'consumer.crash' };
  private readonly listeners = new Map<string, ((event: unknown) => void)[]>();
  disconnected = false;
  eachMessage: EachMessage | undefined;

  constructor(private readonly behaviour: { subscribe?: Error; joins?: boolean }) {}

  on(name: string, listener: (event: unknown) => void): () => void {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
    return () => undefined;
  }

  emit(name: string, payload: unknown): void {
    for (const listener of this.listeners.get(name) ?? []) listener({ payload });
  }

  crash(error: Error, restart: boolean): void {
    this.emit(this.events.CRASH, { error, groupId: 'g', restart });
  }

  join(): void {
    this.emit(this.events.GROUP_JOIN, {});
  }

  async connect(): Promise<void> {}

  async subscribe(): Promise<void> {
    if (this.behaviour.subscribe) throw this.behaviour.subscribe;
  }

  async run(opts: { eachMessage: EachMessage }): Promise<void> {
    this.eachMessage = opts.eachMessage;
    if (this.behaviour.joins !== false) setImmediate(() => this.join());
  }

  async disconnect(): Promise<void> {
    this.disconnected = true;
  }
}

function subscription(
  consumers: FakeConsumer[],
  opts: { ensureTopics?: () => Promise<void>; handler?: (m: BusMessage) => Promise<void> } = {},
) {
  const timers = new FakeTimers();
  const created: FakeConsumer[] = [];
  const sub = new KafkaSubscription({
    group: 'checkout',
    topics: ['lead-qualified'],
    handler: opts.handler ?? (async () => undefined),
    createConsumer: () => {
      const next = consumers.shift() ?? new FakeConsumer({});
      created.push(next);
      return next as unknown as Consumer;
    },
    ensureTopics: opts.ensureTopics ?? (async () => undefined),
    logger: silentLogger,
    sleep: timers.sleep,
  });
  return { sub, timers, created };
}

describe('KafkaSubscription', () => {
  it('waits out a booting broker: retries while the topic-partition is unknown, then joins', async () => {
    const unknown = protocolError(
      'UNKNOWN_TOPIC_OR_PARTITION',
      'This server does not host this topic-partition',
      true,
    );
    const loading = protocolError(
      'COORDINATOR_LOAD_IN_PROGRESS',
      'The coordinator is loading',
      true,
    );
    const { sub, timers, created } = subscription([
      new FakeConsumer({ subscribe: unknown }),
      new FakeConsumer({ subscribe: loading }),
    ]);
    const opened = sub.open();
    await timers.untilSleeping();
    expect(created[0]?.disconnected).toBe(true);
    expect(sub.problem()).toBe('consumer group checkout is opening');
    await timers.advance(10000);
    await timers.untilSleeping();
    await timers.advance(10000);
    await opened;
    expect(created).toHaveLength(3);
    expect(created[1]?.disconnected).toBe(true);
    expect(created[2]?.disconnected).toBe(false);
    expect(sub.problem()).toBeUndefined();
    await sub.close();
    expect(created[2]?.disconnected).toBe(true);
  });

  it('retries creating the topics while the broker cannot place their partitions yet', async () => {
    let calls = 0;
    const { sub, timers } = subscription([], {
      ensureTopics: async () => {
        calls += 1;
        if (calls === 1)
          throw protocolError('INVALID_REPLICATION_FACTOR', 'Replication-factor is invalid', false);
      },
    });
    const opened = sub.open();
    await timers.untilSleeping();
    await timers.advance(10000);
    await opened;
    expect(calls).toBe(2);
    await sub.close();
  });

  it('fails at once on an error waiting cannot cure', async () => {
    const denied = protocolError('TOPIC_AUTHORIZATION_FAILED', 'Not authorized', false);
    const { sub, timers, created } = subscription([new FakeConsumer({ subscribe: denied })]);
    await expect(sub.open()).rejects.toBe(denied);
    expect(timers.waits).toEqual([]);
    expect(created[0]?.disconnected).toBe(true);
  });

  it('opens a new consumer when KafkaJS gives up on its own after a crash', async () => {
    const { sub, timers, created } = subscription([]);
    await sub.open();
    const first = created[0];
    first?.crash(new KafkaJSConnectionError('No broker available'), false);
    expect(sub.problem()).toBe('consumer group checkout is reopening');
    await settle();
    expect(first?.disconnected).toBe(true);
    expect(created).toHaveLength(2);
    await settle();
    expect(sub.problem()).toBeUndefined();
    // A later crash of the old consumer is none of ours any more.
    first?.crash(new Error('late'), false);
    expect(created).toHaveLength(2);
    expect(timers.waits).toEqual([]);
    await sub.close();
  });

  it('keeps trying to reopen, whatever the error, until it works', async () => {
    const denied = protocolError('GROUP_AUTHORIZATION_FAILED', 'Not authorized', false);
    const { sub, timers, created } = subscription([
      new FakeConsumer({}),
      new FakeConsumer({ subscribe: denied }),
      new FakeConsumer({ subscribe: denied }),
    ]);
    await sub.open();
    created[0]?.crash(new Error('consumer stopped'), false);
    await timers.untilSleeping();
    await timers.advance(10000);
    await timers.untilSleeping();
    expect(sub.problem()).toBe('consumer group checkout is reopening');
    await timers.advance(10000);
    await settle();
    await settle();
    expect(created).toHaveLength(4);
    expect(sub.problem()).toBeUndefined();
    await sub.close();
  });

  it('reports a consumer KafkaJS restarts itself until it has joined again', async () => {
    const { sub, created } = subscription([]);
    await sub.open();
    created[0]?.crash(new Error('The coordinator is not aware of this member'), true);
    expect(sub.problem()).toBe('consumer group checkout is rejoining');
    created[0]?.join();
    expect(sub.problem()).toBeUndefined();
    expect(created).toHaveLength(1);
    await sub.close();
  });

  it('stops waiting when closed', async () => {
    const { sub, timers } = subscription([
      new FakeConsumer({
        subscribe: new KafkaJSConnectionError('Connection error: connect ECONNREFUSED'),
      }),
    ]);
    const opened = sub.open();
    opened.catch(() => undefined);
    await timers.untilSleeping();
    await sub.close();
    await expect(opened).rejects.toThrow();
    expect(timers.sleeping).toBe(0);
  });

  it('hands each message to the handler as a bus message', async () => {
    const received: BusMessage[] = [];
    const { sub, created } = subscription([], {
      handler: async (m) => {
        received.push(m);
      },
    });
    await sub.open();
    const envelope = { id: 'e1', name: 'lead-qualified', version: 1 };
    await created[0]?.eachMessage?.({
      topic: 'lead-qualified',
      message: { key: Buffer.from('lead-1'), value: Buffer.from(JSON.stringify(envelope)) },
    });
    expect(received).toEqual([{ topic: 'lead-qualified', key: 'lead-1', envelope }]);
    await sub.close();
  });
});
