/**
 * The gateway's order view in its database: the event log (`gateway.order_events`) and the
 * projection made from it (`gateway.order_items`, `gateway.patients`).
 *
 * Live: each consumed event is appended to the log once (its id is unique, so a redelivery
 * stops there) and its order is projected again from all of its logged events. Rebuild: the
 * projection is emptied and made again from the log, with the same function. Both go through
 * `projectOrder`, which sorts by the events' times, so the rebuilt view equals the live one
 * whatever order the events arrived in.
 */
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { clinicalRecordOpened, type EventEnvelope } from '@clinic/contracts';
import type { Database, Executor, Tx } from '@clinic/kit';
import { orderEvents, orderItems, patients } from '../db/schema';
import { latestHealthId, projectOrder, type ItemRow, type LoggedEvent } from './projection';

const loggedColumns = {
  logId: orderEvents.logId,
  name: orderEvents.name,
  version: orderEvents.version,
  occurredAt: orderEvents.occurredAt,
  orderId: orderEvents.orderId,
  userId: orderEvents.userId,
  data: orderEvents.data,
};

async function writeItems(tx: Executor, rows: ItemRow[]): Promise<void> {
  if (rows.length > 0) await tx.insert(orderItems).values(rows);
}

/** Projects one order again from all of its logged events. */
export async function projectOrderAgain(tx: Tx, orderId: number): Promise<ItemRow[]> {
  const events: LoggedEvent[] = await tx
    .select(loggedColumns)
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.occurredAt), asc(orderEvents.logId));
  const rows = projectOrder(events);
  await tx.delete(orderItems).where(eq(orderItems.orderId, orderId));
  await writeItems(tx, rows);
  return rows;
}

/**
 * Records one consumed event and brings the view up to date; false when the log already had it
 * (a redelivery: nothing changes). Runs in the consumer's transaction.
 */
export async function recordOrderEvent(
  tx: Tx,
  envelope: EventEnvelope,
  subject: { orderId: number; userId: number | null },
): Promise<boolean> {
  // Two events of one order on two topics may be handled at once (cluster): the order is
  // projected by one transaction at a time, each reading the other's committed event.
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`gateway-order-view:${subject.orderId}`}))`,
  );
  const logged = await tx
    .insert(orderEvents)
    .values({
      eventId: envelope.id,
      name: envelope.name,
      version: envelope.version,
      occurredAt: new Date(envelope.occurredAt),
      orderId: subject.orderId,
      userId: subject.userId,
      data: envelope.data,
    })
    .onConflictDoNothing({ target: orderEvents.eventId })
    .returning({ logId: orderEvents.logId });
  if (logged.length === 0) return false;
  await projectOrderAgain(tx, subject.orderId);
  if (envelope.name === clinicalRecordOpened.name && subject.userId !== null) {
    const data = clinicalRecordOpened.schema.parse(envelope.data);
    const openedAt = new Date(envelope.occurredAt);
    // The latest record opened wins; at the same instant, the one logged last (as in a rebuild).
    await tx
      .insert(patients)
      .values({ userId: subject.userId, healthId: data.healthId, openedAt })
      .onConflictDoUpdate({
        target: patients.userId,
        set: { healthId: data.healthId, openedAt },
        setWhere: gte(sql`excluded.opened_at`, patients.openedAt),
      });
  }
  return true;
}

export interface RebuildReport {
  events: number;
  orders: number;
  items: number;
  patients: number;
}

/**
 * Empties the projection and makes it again from the log, replayed in order (occurred-at, then
 * log id), order by order. One transaction: readers see the old view until the new one is
 * committed. An event consumed meanwhile may fail on the rebuilt rows and is retried by the
 * consumer, which then projects its order again from the whole log.
 */
export async function rebuildOrderView(
  database: Pick<Database, 'transaction'>,
  opts: { ordersPerBatch?: number } = {},
): Promise<RebuildReport> {
  const perBatch = opts.ordersPerBatch ?? 500;
  return database.transaction(async (tx) => {
    await tx.delete(orderItems);
    await tx.delete(patients);
    const orders = (
      await tx
        .selectDistinct({ orderId: orderEvents.orderId })
        .from(orderEvents)
        .orderBy(asc(orderEvents.orderId))
    ).map((r) => r.orderId);
    const report: RebuildReport = { events: 0, orders: orders.length, items: 0, patients: 0 };
    for (let i = 0; i < orders.length; i += perBatch) {
      const batch = orders.slice(i, i + perBatch);
      const events: LoggedEvent[] = await tx
        .select(loggedColumns)
        .from(orderEvents)
        .where(inArray(orderEvents.orderId, batch))
        .orderBy(asc(orderEvents.occurredAt), asc(orderEvents.logId));
      report.events += events.length;
      const byOrder = new Map<number, LoggedEvent[]>();
      for (const event of events) {
        const list = byOrder.get(event.orderId) ?? [];
        list.push(event);
        byOrder.set(event.orderId, list);
      }
      for (const orderEventsOfOne of byOrder.values()) {
        const rows = projectOrder(orderEventsOfOne);
        await writeItems(tx, rows);
        report.items += rows.length;
      }
    }
    const records: LoggedEvent[] = await tx
      .select(loggedColumns)
      .from(orderEvents)
      .where(
        and(
          eq(orderEvents.name, clinicalRecordOpened.name),
          eq(orderEvents.version, clinicalRecordOpened.version),
        ),
      )
      .orderBy(asc(orderEvents.occurredAt), asc(orderEvents.logId));
    const byUser = new Map<number, LoggedEvent[]>();
    for (const record of records) {
      if (record.userId === null) continue;
      const list = byUser.get(record.userId) ?? [];
      list.push(record);
      byUser.set(record.userId, list);
    }
    for (const [userId, list] of byUser) {
      const latest = latestHealthId(list);
      if (!latest) continue;
      await tx.insert(patients).values({ userId, ...latest });
      report.patients += 1;
    }
    return report;
  });
}
