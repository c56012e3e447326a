import { Gauge, type Registry } from 'prom-client';
import type { Bus, ConsumerLag } from '../events/bus';
import type { Readiness } from '../health/health';
import type { QueueDepth } from '../jobs/queue';
import type { OutboxBacklog } from './outbox-backlog';

/** What one service of this process says about its backlog when the metrics are scraped. */
export interface BacklogSource {
  service: string;
  /** The topics the service's consumer group reads. */
  topics(): readonly string[];
  outbox(): Promise<OutboxBacklog>;
  queue(): Promise<QueueDepth>;
  bus: Pick<Bus, 'consumerLag'>;
}

/** How long a scrape waits for one engine: a dead engine shows as `metrics_source_up 0`. */
const SOURCE_TIMEOUT_MS = 2000;

interface Snapshot {
  outboxes: { service: string; backlog: OutboxBacklog }[];
  queues: { service: string; depth: QueueDepth }[];
  lags: ConsumerLag[];
  ready: { service: string; ready: boolean }[];
  up: { service: string; source: string; up: number }[];
}

async function withTimeout<T>(work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer')), SOURCE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The operator's gauges of one process: outbox lag, consumer lag, queue depth, failed jobs, dead
 * events and readiness, per service. They are computed when Prometheus scrapes (collect
 * callbacks), from bounded queries each engine answers cheaply; the gauges of one scrape share
 * one reading. With the local bus an event is handed to every subscriber as the relay publishes
 * it, so a group's backlog on a topic is that topic's events still in the outboxes of this
 * process; on Kafka it is the log end minus the group's committed offset.
 */
export class BacklogGauges {
  private readonly sources = new Set<BacklogSource>();
  private readiness: (() => Promise<Readiness>) | undefined;
  private reading: Promise<Snapshot> | undefined;

  constructor(registry: Registry) {
    const gauge = <L extends string>(
      name: string,
      help: string,
      labelNames: L[],
      fill: (g: Gauge<L>, snapshot: Snapshot) => void,
    ): void => {
      const g: Gauge<L> = new Gauge({
        name,
        help,
        labelNames,
        registers: [registry],
        collect: async () => {
          const snapshot = await this.snapshot();
          g.reset();
          fill(g, snapshot);
        },
      });
    };
    gauge(
      'outbox_unpublished_events',
      'Events in the service outbox not yet published to the bus',
      ['service'],
      (g, s) => {
        for (const { service, backlog } of s.outboxes)
          g.set(
            { service },
            Object.values(backlog.unpublished).reduce((a, b) => a + b, 0),
          );
      },
    );
    gauge(
      'outbox_lag_seconds',
      'Age of the oldest event in the service outbox not yet published (0 when none)',
      ['service'],
      (g, s) => {
        for (const { service, backlog } of s.outboxes) g.set({ service }, backlog.oldestAgeSeconds);
      },
    );
    gauge(
      'bus_dead_letters',
      'Events a subscriber of the service gave up on, kept for an operator',
      ['service'],
      (g, s) => {
        for (const { service, backlog } of s.outboxes) g.set({ service }, backlog.deadLetters);
      },
    );
    gauge(
      'bus_consumer_lag_messages',
      "Events on a topic not yet handled by the service's consumer group",
      ['service', 'topic'],
      (g, s) => {
        for (const { group, topic, lag } of s.lags) g.set({ service: group, topic }, lag);
      },
    );
    gauge(
      'job_queue_depth',
      "Jobs in the service's queue by state (waiting, active, delayed)",
      ['service', 'state'],
      (g, s) => {
        for (const { service, depth } of s.queues)
          for (const state of ['waiting', 'active', 'delayed'] as const)
            g.set({ service, state }, depth[state]);
      },
    );
    gauge(
      'job_queue_failed_jobs',
      "Jobs in the service's queue that failed for good (dead letters)",
      ['service'],
      (g, s) => {
        for (const { service, depth } of s.queues) g.set({ service }, depth.failed);
      },
    );
    gauge(
      'instance_ready',
      'Whether the service answers /readyz with 200 (1) or 503 (0), from this process',
      ['service'],
      (g, s) => {
        for (const { service, ready } of s.ready) g.set({ service }, ready ? 1 : 0);
      },
    );
    gauge(
      'metrics_source_up',
      'Whether an engine answered the last scrape (outbox, queue, bus); 0: its gauges are missing',
      ['service', 'source'],
      (g, s) => {
        for (const { service, source, up } of s.up) g.set({ service, source }, up);
      },
    );
  }

  /** Adds a service's backlog to the scrape until the returned function is called. */
  watch(source: BacklogSource): () => void {
    this.sources.add(source);
    return () => this.sources.delete(source);
  }

  /** The readiness /readyz answers, reported per service on each scrape. */
  watchReadiness(readiness: () => Promise<Readiness>): void {
    this.readiness = readiness;
  }

  /** One reading per scrape, however many gauges ask for it meanwhile. */
  private snapshot(): Promise<Snapshot> {
    this.reading ??= this.read().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  private async read(): Promise<Snapshot> {
    const sources = [...this.sources];
    const up: Snapshot['up'] = [];
    const answer = async <T>(
      services: string[],
      source: string,
      work: () => Promise<T>,
    ): Promise<T | undefined> => {
      try {
        const value = await withTimeout(work);
        for (const service of services) up.push({ service, source, up: 1 });
        return value;
      } catch {
        for (const service of services) up.push({ service, source, up: 0 });
        return undefined;
      }
    };
    const kafkaBuses = [...new Set(sources.map((s) => s.bus))].filter((bus) => bus.consumerLag);
    const [outboxes, queues, kafkaLags, ready] = await Promise.all([
      Promise.all(
        sources.map(async (s) => ({
          service: s.service,
          backlog: await answer([s.service], 'outbox', () => s.outbox()),
        })),
      ),
      Promise.all(
        sources.map(async (s) => ({
          service: s.service,
          depth: await answer([s.service], 'queue', () => s.queue()),
        })),
      ),
      Promise.all(
        kafkaBuses.map(async (bus) => {
          const on = sources.filter((s) => s.bus === bus).map((s) => s.service);
          return (await answer(on, 'bus', () => bus.consumerLag!())) ?? [];
        }),
      ),
      this.readReadiness(),
    ]);
    const read = outboxes.filter(
      (o): o is { service: string; backlog: OutboxBacklog } => o.backlog !== undefined,
    );
    const localLags = sources
      .filter((s) => !s.bus.consumerLag)
      .flatMap((s) =>
        s.topics().map((topic) => ({
          group: s.service,
          topic,
          lag: read.reduce((sum, o) => sum + (o.backlog.unpublished[topic] ?? 0), 0),
        })),
      );
    return {
      outboxes: read,
      queues: queues.filter((q): q is { service: string; depth: QueueDepth } => !!q.depth),
      lags: [...kafkaLags.flat(), ...localLags],
      ready,
      up,
    };
  }

  private async readReadiness(): Promise<Snapshot['ready']> {
    if (!this.readiness) return [];
    try {
      const checks = await withTimeout(this.readiness);
      return Object.entries(checks).map(([service, check]) => ({
        service,
        ready: Object.values(check).every((v) => v === 'ok'),
      }));
    } catch {
      return [{ service: 'process', ready: false }];
    }
  }
}
