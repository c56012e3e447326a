import type { Consumer } from 'kafkajs';
import type { EventEnvelope } from '@clinic/contracts';
import type { Logger } from '../logging/logger';
import { retry, type Backoff, type Sleep } from '../runtime/retry';
import { describeError } from '../runtime/transient-errors';
import type { BusHandler } from './bus';

export interface KafkaSubscriptionOptions {
  group: string;
  topics: string[];
  handler: BusHandler;
  /** A new KafkaJS consumer of the group: one per attempt, a crashed consumer is not reused. */
  createConsumer: () => Consumer;
  /** Creates the topics that are missing and resolves once every partition has a leader. */
  ensureTopics: (topics: string[]) => Promise<void>;
  logger: Logger;
  backoff?: Backoff;
  sleep?: Sleep;
}

type State = 'opening' | 'joined' | 'rejoining' | 'reopening' | 'closed';

/**
 * One consumer group's subscription, kept alive. Opening creates the topics, then joins the
 * group, and is retried (retry.ts) while the broker answers what a booting broker answers
 * (UNKNOWN_TOPIC_OR_PARTITION, COORDINATOR_LOAD_IN_PROGRESS, GROUP_COORDINATOR_NOT_AVAILABLE,
 * no broker at all); it resolves once the consumer has joined, and fails only on an error that
 * waiting cannot cure. After that, KafkaJS restarts its consumer itself after retriable errors;
 * when it gives up on one (a crash it does not restart), a new consumer is opened the same way
 * until it works or the bus closes: the process never has to exit for it. Offsets are committed
 * only after the handler resolves, so a restart redelivers what was not handled (at least once).
 */
export class KafkaSubscription {
  private consumer: Consumer | undefined;
  private state: State = 'opening';
  private readonly controller = new AbortController();
  private reopening: Promise<void> | undefined;

  constructor(private readonly opts: KafkaSubscriptionOptions) {}

  async open(): Promise<void> {
    await retry(() => this.attempt(), this.retryOptions());
  }

  /** Undefined while consuming, else what the group is doing instead (for readiness). */
  problem(): string | undefined {
    return this.state === 'joined'
      ? undefined
      : `consumer group ${this.opts.group} is ${this.state}`;
  }

  async close(): Promise<void> {
    this.state = 'closed';
    this.controller.abort();
    await this.reopening;
    const consumer = this.consumer;
    this.consumer = undefined;
    await consumer?.disconnect().catch(() => undefined);
  }

  private retryOptions() {
    return {
      what: `Kafka consumer group ${this.opts.group}`,
      logger: this.opts.logger,
      backoff: this.opts.backoff,
      sleep: this.opts.sleep,
      signal: this.controller.signal,
    };
  }

  private async attempt(): Promise<void> {
    const { topics, group, handler } = this.opts;
    await this.opts.ensureTopics(topics);
    const consumer = this.opts.createConsumer();
    this.consumer = consumer;
    let opened = false;
    let onAbort = () => undefined as void;
    const joined = new Promise<void>((resolve, reject) => {
      consumer.on(consumer.events.GROUP_JOIN, () => {
        if (this.consumer === consumer && this.state !== 'closed') this.state = 'joined';
        resolve();
      });
      consumer.on(consumer.events.CRASH, ({ payload }) => {
        if (this.consumer !== consumer || this.state === 'closed') return;
        // KafkaJS restarts the consumer itself after a retriable error: it rejoins on its own.
        if (payload.restart) {
          if (opened) this.state = 'rejoining';
          return;
        }
        if (opened) this.reopen(payload.error);
        else reject(payload.error);
      });
      onAbort = () => reject(new Error('Bus closed'));
      this.controller.signal.addEventListener('abort', onAbort, { once: true });
    });
    // It may fail before it is awaited below (a crash while connecting): not unhandled.
    joined.catch(() => undefined);
    try {
      await consumer.connect();
      await consumer.subscribe({ topics, fromBeginning: true });
      await consumer.run({
        eachMessage: async ({ topic, message }) => {
          let envelope: EventEnvelope;
          try {
            envelope = JSON.parse(message.value?.toString('utf8') ?? 'null') as EventEnvelope;
          } catch {
            envelope = { raw: message.value?.toString('utf8') } as unknown as EventEnvelope;
          }
          await handler({ topic, key: message.key?.toString('utf8') ?? '', envelope });
        },
      });
      await joined;
      opened = true;
      if (this.state !== 'closed') this.state = 'joined';
      this.opts.logger.debug({ group, topics }, 'Kafka consumer group joined');
    } catch (err) {
      if (this.consumer === consumer) this.consumer = undefined;
      await consumer.disconnect().catch(() => undefined);
      throw err;
    } finally {
      this.controller.signal.removeEventListener('abort', onAbort);
    }
  }

  /** A consumer KafkaJS gave up on: open a new one, for as long as it takes. */
  private reopen(error: unknown): void {
    if (this.reopening || this.state === 'closed') return;
    this.state = 'reopening';
    this.opts.logger.warn(
      { group: this.opts.group, error: describeError(error) },
      'Kafka consumer stopped and KafkaJS will not restart it; opening a new one',
    );
    const crashed = this.consumer;
    this.consumer = undefined;
    this.reopening = (async () => {
      await crashed?.disconnect().catch(() => undefined);
      // The process keeps serving meanwhile; readiness reports the group until it is back.
      await retry(() => this.attempt(), { ...this.retryOptions(), retryable: () => true });
    })()
      .catch((err: unknown) => {
        if (this.state !== 'closed')
          this.opts.logger.error(
            { group: this.opts.group, error: describeError(err) },
            'Kafka consumer could not be opened again',
          );
      })
      .finally(() => {
        this.reopening = undefined;
      });
  }
}
