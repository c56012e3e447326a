import type { EventData, EventDefinition, EventEnvelope, EventMetadata } from '@clinic/contracts';
import type { Database, Tx } from '../db/database';
import type { Outbox } from '../events/outbox';
import { inTransactionScope } from '../jobs/after-commit';
import type { JobOutbox } from '../jobs/job-outbox';

/** Publishes events as part of the surrounding transaction. */
export interface EventWriter {
  publish<E extends EventDefinition>(
    event: E,
    data: EventData<E>,
    metadata?: Partial<EventMetadata>,
  ): Promise<EventEnvelope<EventData<E>>>;
}

/**
 * The transaction helper of a service: state changes and the events they cause commit together
 * (or not at all), and the relay is woken as soon as a transaction that wrote events commits.
 * Jobs join the transaction the same way (`handle.enqueueAfterCommit(tx, ...)`).
 */
export class UnitOfWork {
  constructor(
    private readonly database: Database,
    private readonly outbox: Outbox,
    private readonly onEventsCommitted: () => void,
    private readonly jobOutbox?: JobOutbox,
  ) {}

  async run<T>(fn: (tx: Tx, events: EventWriter) => Promise<T>): Promise<T> {
    let wrote = false;
    const result = await inTransactionScope(this.database, this.jobOutbox, (tx) =>
      fn(tx, {
        publish: (event, data, metadata) => {
          wrote = true;
          return this.outbox.add(tx, event, data, metadata);
        },
      }),
    );
    if (wrote) this.onEventsCommitted();
    return result;
  }
}
