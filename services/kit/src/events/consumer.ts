import { sql } from 'drizzle-orm';
import { eventEnvelopeSchema, type EventEnvelope } from '@clinic/contracts';
import { runInContext } from '../context';
import { inBackground } from '../work-priority';
import { rows, type Database } from '../db/database';
import type { Logger } from '../logging/logger';
import type { Metrics } from '../metrics/metrics';
import type { BusMessage } from './bus';
import type { Subscriber } from './subscriber';
import type { UnitOfWork } from '../runtime/unit-of-work';

export interface RetryPolicy {
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const defaultEventRetry: RetryPolicy = { attempts: 6, baseDelayMs: 200, maxDelayMs: 10000 };

/**
 * Delivers bus messages to a service's subscribers, each exactly once in effect: the handler runs
 * in a transaction that first records (event id, subscriber) in the inbox, so a redelivered event
 * finds its record and is skipped, and a handler that throws rolls its inbox record back with its
 * effects. A failing handler is retried with exponential backoff; after the last attempt the
 * event is stored as a dead letter for that subscriber and the others go on. A malformed message
 * is dead-lettered at once. Handling is background work (work-priority.ts): on the embedded
 * database, requests go first.
 */
export class EventConsumer {
  private readonly subscribers: Subscriber[] = [];

  constructor(
    private readonly opts: {
      service: string;
      schema: string;
      database: Database;
      unitOfWork: UnitOfWork;
      logger: Logger;
      metrics?: Metrics;
      retry?: RetryPolicy;
      sleep?: (ms: number) => Promise<void>;
    },
  ) {}

  add(subscriber: Subscriber): void {
    if (this.subscribers.some((s) => s.name === subscriber.name)) {
      throw new Error(`Subscriber ${subscriber.name} is defined twice in ${this.opts.service}`);
    }
    this.subscribers.push(subscriber);
  }

  topics(): string[] {
    return [...new Set(this.subscribers.map((s) => s.event.name))];
  }

  /** The bus handler: resolves once every matching subscriber has handled or dead-lettered it. */
  readonly handle = (message: BusMessage): Promise<void> =>
    inBackground(() => this.handleOne(message));

  private async handleOne(message: BusMessage): Promise<void> {
    const parsed = eventEnvelopeSchema.safeParse(message.envelope);
    if (!parsed.success) {
      await this.deadLetter(
        null,
        '(envelope)',
        message.envelope,
        `Malformed envelope: ${parsed.error.message}`,
        1,
      );
      return;
    }
    const envelope = parsed.data as EventEnvelope;
    const matching = this.subscribers.filter((s) => s.event.name === envelope.name);
    for (const subscriber of matching) {
      if (subscriber.event.version !== envelope.version) {
        await this.deadLetter(
          envelope.id,
          subscriber.name,
          envelope,
          `Unsupported version ${envelope.version}`,
          1,
        );
        continue;
      }
      const data = subscriber.event.schema.safeParse(envelope.data);
      if (!data.success) {
        await this.deadLetter(
          envelope.id,
          subscriber.name,
          envelope,
          `Invalid payload: ${data.error.message}`,
          1,
        );
        continue;
      }
      await this.deliver(subscriber, envelope, data.data);
    }
  }

  private async deliver(
    subscriber: Subscriber,
    envelope: EventEnvelope,
    data: unknown,
  ): Promise<void> {
    const retry = this.opts.retry ?? defaultEventRetry;
    const sleep = this.opts.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
    const labels = { service: this.opts.service, subscriber: subscriber.name };
    for (let attempt = 1; ; attempt += 1) {
      try {
        const outcome = await runInContext(
          { correlationId: envelope.metadata.correlationId, causationId: envelope.id },
          () =>
            this.opts.unitOfWork.run(async (tx, events) => {
              const fresh = await rows(
                tx,
                sql`insert into ${sql.identifier(this.opts.schema)}.inbox (event_id, subscriber)
                    values (${envelope.id}, ${subscriber.name}) on conflict do nothing returning event_id`,
              );
              if (fresh.length === 0) return 'duplicate' as const;
              await subscriber.handle(data, { tx, envelope, events });
              return 'handled' as const;
            }),
        );
        this.opts.metrics?.eventsHandled.inc({ ...labels, outcome });
        return;
      } catch (err) {
        if (attempt >= retry.attempts) {
          this.opts.logger.error(
            { err, event: envelope.name, eventId: envelope.id, subscriber: subscriber.name },
            'event dead-lettered',
          );
          await this.deadLetter(envelope.id, subscriber.name, envelope, errorText(err), attempt);
          this.opts.metrics?.eventsHandled.inc({ ...labels, outcome: 'dead' });
          return;
        }
        this.opts.metrics?.eventsHandled.inc({ ...labels, outcome: 'retried' });
        this.opts.logger.warn(
          { err, event: envelope.name, eventId: envelope.id, subscriber: subscriber.name, attempt },
          'event handler failed; retrying',
        );
        await sleep(Math.min(retry.baseDelayMs * 2 ** (attempt - 1), retry.maxDelayMs));
      }
    }
  }

  private async deadLetter(
    eventId: string | null,
    subscriber: string,
    envelope: unknown,
    error: string,
    attempts: number,
  ): Promise<void> {
    const validId =
      typeof eventId === 'string' && /^[0-9a-f-]{36}$/i.test(eventId) ? eventId : null;
    await this.opts.database.db.execute(sql`
      insert into ${sql.identifier(this.opts.schema)}.dead_letters (event_id, subscriber, envelope, error, attempts)
      values (${validId}, ${subscriber}, ${JSON.stringify(envelope ?? null)}::jsonb, ${error}, ${attempts})
    `);
  }
}

function errorText(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
}
