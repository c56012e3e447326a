import { Kafka, Partitioners, logLevel, type Admin, type Producer } from 'kafkajs';
import type { Logger } from '../logging/logger';
import type { Backoff } from '../runtime/retry';
import { NotReadyError, scrubErrorText } from '../runtime/transient-errors';
import type { Bus, BusHandler, BusMessage, ConsumerLag } from './bus';
import { kafkaConsumerLag } from './kafka-consumer-lag';
import { KafkaSubscription } from './kafka-subscription';

export interface KafkaBusOptions {
  brokers: string[];
  clientId: string;
  partitions: number;
  replicationFactor: number;
  logger: Logger;
  /** Waits between attempts to open a consumer group (retry.ts' default when absent). */
  backoff?: Backoff;
}

/** KafkaJS' own messages about a broker it cannot reach: ours say it once per attempt. */
const CONNECTION_CHATTER = /^(Connection error|Failed to connect to seed broker)/;

/**
 * Kafka through kafkajs. Topics are the event names, created when first needed (idempotently:
 * another process may create the same topic at the same moment) and used only once every
 * partition has a leader; the message key is the aggregate key, so one aggregate's events share
 * a partition and keep their order. The producer is idempotent and waits for all in-sync
 * replicas; a send that fails leaves the events in the outbox for the relay's next pass. Each
 * subscribing service is one consumer group that starts from the earliest offset, so events
 * published before its first start are not missed; offsets are committed only after the handler
 * resolves (at least once). A subscription waits out a broker that is still booting and is
 * reopened when KafkaJS gives up on its consumer (see KafkaSubscription).
 */
export class KafkaBus implements Bus {
  readonly kind = 'kafka' as const;
  private readonly subscriptions: KafkaSubscription[] = [];
  private readonly knownTopics = new Set<string>();
  /** The groups this process has joined and their topics, for consumerLag(). */
  private readonly joined = new Map<string, string[]>();

  private constructor(
    private readonly kafka: Kafka,
    private readonly admin: Admin,
    private readonly producer: Producer,
    private readonly opts: KafkaBusOptions,
  ) {}

  /** Connects the admin client and the producer; on failure nothing is left connected. */
  static async connect(opts: KafkaBusOptions): Promise<KafkaBus> {
    const log = opts.logger.child({ component: 'kafka' });
    const kafka = new Kafka({
      clientId: opts.clientId,
      brokers: opts.brokers,
      connectionTimeout: 5000,
      // Short: start-up and the subscriptions retry around KafkaJS (retry.ts) and say so.
      retry: { retries: 5, initialRetryTime: 300, maxRetryTime: 5000 },
      logLevel: logLevel.WARN,
      logCreator: () => (entry) => {
        const { message, ...rest } = entry.log;
        // A crash's text can carry a handler's failed query: its values never reach the log.
        const text = scrubErrorText(String(message));
        const kafka = Object.fromEntries(
          Object.entries(rest).map(([k, v]) => [k, typeof v === 'string' ? scrubErrorText(v) : v]),
        );
        // KafkaJS reports each retriable failure as an error; what it finally gives up on
        // reaches our code, which decides how bad it is.
        if (CONNECTION_CHATTER.test(text)) log.debug({ kafka }, text);
        else log.warn({ kafka }, text);
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
    try {
      await admin.connect();
      await producer.connect();
    } catch (err) {
      await Promise.allSettled([producer.disconnect(), admin.disconnect()]);
      throw err;
    }
    return new KafkaBus(kafka, admin, producer, opts);
  }

  /**
   * Creates the missing topics and checks that every partition has a leader: a broker that is
   * booting accepts the creation but answers "This server does not host this topic-partition"
   * for a while, and KafkaJS' own wait for leaders gives up on the first such answer.
   */
  private async ensureTopics(topics: string[]): Promise<void> {
    const missing = [...new Set(topics)].filter((t) => !this.knownTopics.has(t));
    if (missing.length === 0) return;
    const existing = new Set(await this.admin.listTopics());
    const toCreate = missing.filter((t) => !existing.has(t));
    if (toCreate.length > 0) {
      // Resolves false when they exist already (another process was first).
      await this.admin.createTopics({
        waitForLeaders: false,
        topics: toCreate.map((topic) => ({
          topic,
          numPartitions: this.opts.partitions,
          replicationFactor: this.opts.replicationFactor,
        })),
      });
    }
    const { topics: metadata } = await this.admin.fetchTopicMetadata({ topics: missing });
    const leaderless = missing.filter((name) => {
      const partitions = metadata.find((t) => t.name === name)?.partitions ?? [];
      return partitions.length === 0 || partitions.some((p) => p.leader < 0);
    });
    if (leaderless.length > 0)
      throw new NotReadyError(`Kafka topics without a leader yet: ${leaderless.join(', ')}`);
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

  /** Resolves once the group has joined; waits (retrying) while the broker is not ready. */
  async subscribe(group: string, topics: string[], handler: BusHandler): Promise<void> {
    const subscription = new KafkaSubscription({
      group,
      topics,
      handler,
      createConsumer: () =>
        this.kafka.consumer({
          groupId: group,
          allowAutoTopicCreation: false,
          sessionTimeout: 30000,
          heartbeatInterval: 3000,
        }),
      ensureTopics: (t) => this.ensureTopics(t),
      logger: this.opts.logger.child({ component: 'kafka' }),
      backoff: this.opts.backoff,
    });
    this.subscriptions.push(subscription);
    try {
      await subscription.open();
      this.joined.set(group, topics);
    } catch (err) {
      this.subscriptions.splice(this.subscriptions.indexOf(subscription), 1);
      await subscription.close();
      throw err;
    }
  }

  /** The broker answers and every consumer group is joined. */
  async ping(): Promise<void> {
    await this.admin.describeCluster();
    const problems = this.subscriptions.map((s) => s.problem()).filter(Boolean);
    if (problems.length > 0) throw new NotReadyError(problems.join('; '));
  }

  consumerLag(): Promise<ConsumerLag[]> {
    return kafkaConsumerLag(this.admin, this.joined);
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.subscriptions.map((s) => s.close()));
    await Promise.allSettled([this.producer.disconnect(), this.admin.disconnect()]);
  }
}
