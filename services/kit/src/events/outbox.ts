import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { EventData, EventDefinition, EventEnvelope, EventMetadata } from '@clinic/contracts';
import { currentContext } from '../context';
import type { Executor } from '../db/database';
import type { Clock } from '../clock';

/** Writes events into the service's outbox table inside the caller's transaction. */
export class Outbox {
  constructor(
    private readonly schema: string,
    private readonly clock: Clock,
  ) {}

  /**
   * Validates the payload against its registered schema (a bad payload throws and so rolls the
   * whole transaction back) and stores the envelope; the relay publishes it after commit.
   */
  async add<E extends EventDefinition>(
    tx: Executor,
    event: E,
    data: EventData<E>,
    metadata?: Partial<EventMetadata>,
  ): Promise<EventEnvelope<EventData<E>>> {
    const parsed = event.schema.parse(data) as EventData<E>;
    const ctx = currentContext();
    const id = randomUUID();
    const envelope: EventEnvelope<EventData<E>> = {
      id,
      name: event.name,
      version: event.version,
      occurredAt: this.clock.now().toISOString(),
      data: parsed,
      metadata: {
        correlationId: metadata?.correlationId ?? ctx?.correlationId ?? id,
        causationId: metadata?.causationId ?? ctx?.causationId ?? null,
      },
    };
    await tx.execute(sql`
      insert into ${sql.identifier(this.schema)}.outbox (event_id, name, version, aggregate_key, envelope)
      values (${id}, ${event.name}, ${event.version}, ${event.keyOf(parsed)}, ${JSON.stringify(envelope)}::jsonb)
    `);
    return envelope;
  }
}
