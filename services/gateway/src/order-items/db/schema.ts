import {
  bigserial,
  index,
  integer,
  jsonb,
  pgSchema,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { shipmentKinds, type ProgressItem } from '@clinic/contracts';

/**
 * The gateway's own schema, as its migrations (./migrations) make it: the event log of the
 * portal's order view and the projection built from it. No other service reads it;
 * schema.test.ts fails when the two disagree.
 */
export const gatewaySchema = pgSchema('gateway');

const utc = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Every consumed event, once (event id unique): what the rebuild command replays. */
export const orderEvents = gatewaySchema.table(
  'order_events',
  {
    logId: bigserial('log_id', { mode: 'number' }).primaryKey(),
    eventId: uuid('event_id').notNull().unique(),
    name: text('name').notNull(),
    version: integer('version').notNull(),
    occurredAt: utc('occurred_at').notNull(),
    orderId: integer('order_id').notNull(),
    userId: integer('user_id'),
    data: jsonb('data').$type<unknown>().notNull(),
    loggedAt: utc('logged_at').notNull().defaultNow(),
  },
  (t) => [
    index('order_events_by_order').on(t.orderId, t.occurredAt, t.logId),
    index('order_events_replay').on(t.occurredAt, t.logId),
  ],
);

/** One row per progress item; `answer` is the item exactly as the route sends it. */
export const orderItems = gatewaySchema.table(
  'order_items',
  {
    itemId: text('item_id').primaryKey(),
    orderId: integer('order_id').notNull(),
    userId: integer('user_id').notNull(),
    kind: text('kind', { enum: shipmentKinds }).notNull(),
    shipmentId: integer('shipment_id'),
    status: text('status').$type<ProgressItem['status']>().notNull(),
    statusAt: utc('status_at').notNull(),
    submitted: integer('submitted').notNull(),
    createdAt: utc('created_at').notNull(),
    updatedAt: utc('updated_at').notNull(),
    answer: jsonb('answer').$type<ProgressItem>().notNull(),
  },
  (t) => [
    index('order_items_by_user').on(t.userId, t.createdAt.desc(), t.itemId),
    index('order_items_by_order').on(t.orderId),
  ],
);

/** The patient's health id, from the clinic's clinical-record-opened. */
export const patients = gatewaySchema.table('patients', {
  userId: integer('user_id').primaryKey(),
  healthId: text('health_id').notNull(),
  openedAt: utc('opened_at').notNull(),
});
