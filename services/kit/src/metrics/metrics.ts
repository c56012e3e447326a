import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { BacklogGauges } from './backlog';

/**
 * Prometheus metrics of one process. In single-node mode every service shares the process and so
 * one instance; each series carries the service it belongs to as a label. Request latency and the
 * counters are recorded as things happen; the backlog (outbox, consumer lag, queues, readiness) is
 * read when scraped, from what each running service registered (see backlog.ts).
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<'service' | 'method' | 'route' | 'status'>;
  readonly eventsPublished: Counter<'service' | 'event'>;
  readonly eventsHandled: Counter<'service' | 'subscriber' | 'outcome'>;
  readonly jobsProcessed: Counter<'service' | 'job' | 'outcome'>;
  /** Each running service's outbox, consumer group and queue, read on each scrape. */
  readonly backlog: BacklogGauges;

  constructor(opts: { defaultMetrics?: boolean } = {}) {
    if (opts.defaultMetrics !== false) collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by service, route and status',
      labelNames: ['service', 'method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [this.registry],
    });
    this.eventsPublished = new Counter({
      name: 'outbox_events_published_total',
      help: 'Events relayed from the outbox to the bus',
      labelNames: ['service', 'event'],
      registers: [this.registry],
    });
    this.eventsHandled = new Counter({
      name: 'bus_events_handled_total',
      help: 'Events handled by subscribers, by outcome (handled, duplicate, retried, dead)',
      labelNames: ['service', 'subscriber', 'outcome'],
      registers: [this.registry],
    });
    this.jobsProcessed = new Counter({
      name: 'jobs_processed_total',
      help: 'Background jobs run, by outcome (completed, retried, dead)',
      labelNames: ['service', 'job', 'outcome'],
      registers: [this.registry],
    });
    this.backlog = new BacklogGauges(this.registry);
  }

  observeRequest(
    service: string,
    method: string,
    route: string,
    status: number,
    seconds: number,
  ): void {
    this.httpDuration.observe({ service, method, route, status: String(status) }, seconds);
  }
}
