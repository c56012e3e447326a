import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSchema,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type {
  Carrier,
  Drug,
  PrescriptionItem,
  ShipmentKind,
  ShipmentStatus,
} from '@clinic/contracts';

/**
 * Fulfilment's own schema, as its migrations (./migrations) make it; no other service reads it.
 * schema.test.ts fails when the two disagree.
 */
export const fulfillmentSchema = pgSchema('fulfillment');

const utc = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export interface ShipTo {
  address_line_1: string;
  address_line_2: string | null;
  city: string;
  state: string;
  zip: string;
}

export const orders = fulfillmentSchema.table(
  'orders',
  {
    orderId: integer('order_id').primaryKey(),
    userId: integer('user_id').notNull(),
    productName: text('product_name').notNull(),
    planId: text('plan_id').notNull(),
    paymentTerms: integer('payment_terms').notNull(),
    paidAt: utc('paid_at').notNull(),
    closedAt: utc('closed_at'),
    /** The subscription ended: no renewal will pay for another supply (0005). */
    renewalsEndedAt: utc('renewals_ended_at'),
  },
  (t) => [index('orders_by_user').on(t.userId)],
);

export const supplies = fulfillmentSchema.table(
  'supplies',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    transactionId: text('transaction_id').notNull(),
    shipOn: utc('ship_on').notNull(),
    vials: integer('vials').notNull(),
    shipmentId: integer('shipment_id'),
    /** False for a supply a coming renewal will pay for (renewal-supply-upcoming), until it does. */
    paid: boolean('paid').notNull().default(true),
  },
  (t) => [
    unique('supplies_transaction_id_ship_on_key').on(t.transactionId, t.shipOn),
    index('supplies_by_order').on(t.orderId, t.shipOn),
    index('supplies_unpaid')
      .on(t.orderId, t.shipOn)
      .where(sql`not paid`),
  ],
);

export const prescriptions = fulfillmentSchema.table(
  'prescriptions',
  {
    prescriptionId: text('prescription_id').primaryKey(),
    orderId: integer('order_id').notNull(),
    userId: integer('user_id').notNull(),
    drug: text('drug').$type<Drug>().notNull(),
    items: jsonb('items').$type<PrescriptionItem[]>().notNull(),
    doseSchedule: jsonb('dose_schedule').$type<number[]>().notNull(),
    maintenanceDose: numeric('maintenance_dose', { mode: 'number' }),
    approvedAt: utc('approved_at').notNull(),
    acceptedAt: utc('accepted_at'),
    superseded: boolean('superseded').notNull().default(false),
  },
  (t) => [index('prescriptions_by_order').on(t.orderId, t.approvedAt)],
);

export const addresses = fulfillmentSchema.table('addresses', {
  userId: integer('user_id').primaryKey(),
  address: jsonb('address').$type<ShipTo>().notNull(),
  savedAt: utc('saved_at').notNull(),
});

export const patients = fulfillmentSchema.table('patients', {
  userId: integer('user_id').primaryKey(),
  name: text('name').notNull(),
  email: text('email'),
  phone: text('phone'),
  state: text('state'),
  updatedAt: utc('updated_at').notNull(),
});

export const shipments = fulfillmentSchema.table(
  'shipments',
  {
    id: serial('id').primaryKey(),
    orderNumber: text('order_number').notNull().unique(),
    orderId: integer('order_id').notNull(),
    userId: integer('user_id').notNull(),
    kind: text('kind').$type<ShipmentKind>().notNull(),
    replaces: integer('replaces'),
    prescriptionId: text('prescription_id').notNull(),
    drug: text('drug').$type<Drug>().notNull(),
    medName: text('med_name').notNull(),
    vials: integer('vials').notNull(),
    status: text('status').$type<ShipmentStatus>().notNull(),
    coldChain: boolean('cold_chain').notNull().default(true),
    readyAt: utc('ready_at'),
    placedAt: utc('placed_at'),
    processingDay: date('processing_day', { mode: 'string' }),
    sameDay: boolean('same_day'),
    carrier: text('carrier').$type<Carrier>(),
    trackingNumber: text('tracking_number'),
    overnight: boolean('overnight'),
    shippedAt: utc('shipped_at'),
    deliveredAt: utc('delivered_at'),
    shipTo: jsonb('ship_to').$type<ShipTo>(),
    createdAt: utc('created_at').notNull(),
    updatedAt: utc('updated_at').notNull(),
    /** A refill whose renewal will not be charged (the subscription ended): it never ships. */
    cancelledAt: utc('cancelled_at'),
  },
  (t) => [
    uniqueIndex('shipments_one_first')
      .on(t.orderId)
      .where(sql`kind = 'first'`),
    index('shipments_queue').on(t.status, t.readyAt),
    index('shipments_by_user').on(t.userId),
    index('shipments_by_order').on(t.orderId, t.kind),
  ],
);

export const shipmentSteps = fulfillmentSchema.table(
  'shipment_steps',
  {
    id: serial('id').primaryKey(),
    shipmentId: integer('shipment_id').notNull(),
    step: text('step').notNull(),
    byStaffId: integer('by_staff_id'),
    byName: text('by_name'),
    note: text('note'),
    at: utc('at').notNull(),
  },
  (t) => [index('shipment_steps_by_shipment').on(t.shipmentId, t.id)],
);

export interface ReshipItem {
  id: string;
  name: string;
}

export const reships = fulfillmentSchema.table(
  'reships',
  {
    id: serial('id').primaryKey(),
    shipmentId: integer('shipment_id').notNull(),
    userId: integer('user_id').notNull(),
    items: jsonb('items').$type<ReshipItem[]>().notNull(),
    reason: text('reason').notNull(),
    imageFile: text('image_file').notNull(),
    requestedAt: utc('requested_at').notNull(),
    status: text('status').$type<'waiting' | 'approved' | 'refused'>().notNull(),
    decidedBy: integer('decided_by'),
    decidedByName: text('decided_by_name'),
    decidedAt: utc('decided_at'),
    refusalReason: text('refusal_reason'),
    newShipmentId: integer('new_shipment_id'),
  },
  (t) => [
    uniqueIndex('reships_one_open')
      .on(t.shipmentId)
      .where(sql`status = 'waiting'`),
    index('reships_queue').on(t.status, t.requestedAt),
  ],
);
