import { Kafka, Partitioners, logLevel, type Admin, type Consumer, type Producer } from 'kafkajs';
import type { EventEnvelope } from '@clinic/contracts';
import type { Logger } from '../logging/logger';
import type { Bus, BusHandler, BusMessage } from './bus';

export interface KafkaBusOptions {
  brokers: string[];
  clientId: string;
  partitions: number;
  replicationFactor: number;
  logger: Logger;
}

/**
 * Kafka through kafkajs. Topics are the event names, created on first use; the message key is the
 * aggregate key, so one aggregate's events share a partition and keep their order. The producer
 * is idempotent and waits for all in-sync replicas. Each subscribing service is one consumer
 * group that starts from the earliest offset, so events published before its first start are
 * not missed; offsets are committed only after the handler resolves (at least once).
 */
export class KafkaBus implements Bus {
  readonly kind = 'kafka' as const;
  private readonly consumers: Consumer[] = [];
  private readonly knownTopics = new Set<string>();

  private constructor(
    private readonly kafka: Kafka,
    private readonly admin: Admin,
    private readonly producer: Producer,
    private readonly opts: KafkaBusOptions,
  ) {}

  static async connect(opts: KafkaBusOptions): Promise<KafkaBus> {
    const log = opts.logger.child({ component: 'kafka' });
    const kafka = new Kafka({
      clientId: opts.clientId,
      brokers: opts.brokers,
      connectionTimeout: 5000,
      retry: { retries: 8, initialRetryTime: 200 },
      logLevel: logLevel.WARN,
      logCreator: () => (entry) => {
        const { message, ...rest } = entry.log;
        if (entry.level <= logLevel.ERROR) log.error({ kafka: rest }, String(message));
        else log.warn({ kafka: rest }, String(message));
      },
    });
    const admin = kafka.admin();
    const producer = kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
      createPartitioner: Partitioners.DefaultPartitioner,
      // An idempotent producer must not give up on a send; while Kafka is down the relay waits
      // (readiness reports the bus) and the events stay safe in the outbox.
      retry: { retries: Number.MAX_SAFE_INTEGER, maxRetryTime: 30000 },
    });
    await admin.connect();
    await producer.connect();
    return new KafkaBus(kafka, admin, producer, opts);
  }

  private async ensureTopics(topics: string[]): Promise<void> {
    const missing = [...new Set(topics)].filter((t) => !this.knownTopics.has(t));
    if (missing.length === 0) return;
    const existing = new Set(await this.admin.listTopics());
    const toCreate = missing.filter((t) => !existing.has(t));
    if (toCreate.length > 0) {
      await this.admin.createTopics({
        waitForLeaders: true,
        topics: toCreate.map((topic) => ({
          topic,
          numPartitions: this.opts.partitions,
          replicationFactor: this.opts.replicationFactor,
        })),
      });
    }
    for (const t of missing) this.knownTopics.add(t);
  }

  async publish(messages: BusMessage[]): Promise<void> {
    if (messages.length === 0) return;
    await this.ensureTopics(messages.map((m) => m.topic));
    const byTopic = new Map<string, BusMessage[]>();
    for (const m of messages) byTopic.set(m.topic, [...(byTopic.get(m.topic) ?? []), m]);
    await this.producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, list]) => ({
        topic,
        messages: list.map((m) => ({
          key: m.key,
          value: JSON.stringify(m.envelope),
          headers: { 'event-name': m.envelope.name, 'event-version': String(m.envelope.version) },
        })),
      })),
    });
  }

  async subscribe(group: string, topics: string[], handler: BusHandler): Promise<void> {
    await this.ensureTopics(topics);
    const consumer = this.kafka.consumer({
      groupId: group,
      allowAutoTopicCreation: false,
      sessionTimeout: 30000,
      heartbeatInterval: 3000,
    });
    this.consumers.push(consumer);
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
  }

  async ping(): Promise<void> {
    await this.admin.describeCluster();
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.consumers.map((c) => c.disconnect()));
    await Promise.allSettled([this.producer.disconnect(), this.admin.disconnect()]);
  }
}
