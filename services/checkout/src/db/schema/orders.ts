/**
 * Orders and what hangs off them (migrations 0006, 0008, 0010, 0014): prescription pre-authorisations,
 * transactions (charges), refunds, trusted forms and the affiliate conversions and their calls.
 * Money in integer cents.
 */
import {
  bigserial,
  integer,
  jsonb,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CheckoutAddress, PaymentTerm } from '@clinic/contracts';
import type { ConversionOutcome, ConversionRecord } from '../../jobs/definitions/call-conversion';
import { checkoutSchema } from './checkout-schema';
import { products } from './catalog';
import { carts } from './carts';

export type OrderStatus = 'pending_approval' | 'approved' | 'denied' | 'cancelled' | 'shipped';

export const orders = checkoutSchema.table('orders', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** One paid order per cart. */
  cartId: uuid('cart_id')
    .unique()
    .references(() => carts.id),
  userId: integer('user_id'),
  status: text('status').notNull().$type<OrderStatus>(),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id),
  planId: text('plan_id').notNull(),
  paymentTerms: integer('payment_terms').notNull().$type<PaymentTerm>(),
  amountCents: integer('amount_cents').notNull(),
  discountCents: integer('discount_cents').notNull(),
  couponId: integer('coupon_id'),
  shippingAddress: jsonb('shipping_address').notNull().$type<CheckoutAddress>(),
  billingAddress: jsonb('billing_address').$type<CheckoutAddress>(),
  bundleChoice: text('bundle_choice', { enum: ['Nausea', 'None'] }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  /** When forms reported the medical assessment submitted (form-submitted). */
  assessmentSubmittedAt: timestamp('assessment_submitted_at', { withTimezone: true }),
});

/** What the medical form is filled in for: one per prescription product of the order. */
export const prescriptionPreauths = checkoutSchema.table(
  'prescription_preauths',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    productName: text('product_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.productId] })],
);

/** Every successful charge: the checkout's, add-ons' and renewals'. */
export const transactions = checkoutSchema.table('transactions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  transactionId: text('transaction_id').notNull().unique(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id),
  userId: integer('user_id'),
  kind: text('kind', { enum: ['checkout', 'add-on', 'renewal'] }).notNull(),
  amountCents: integer('amount_cents').notNull(),
  status: text('status', { enum: ['success', 'refunded'] }).notNull(),
  productName: text('product_name').notNull(),
  customerId: text('customer_id'),
  paymentMethodId: text('payment_method_id'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** One row per refunded transaction: 'pending' is the durable promise of a refund. */
export const refunds = checkoutSchema.table('refunds', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  transactionId: text('transaction_id')
    .notNull()
    .unique()
    .references(() => transactions.transactionId),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id),
  amountCents: integer('amount_cents').notNull(),
  reason: text('reason').notNull(),
  status: text('status', { enum: ['pending', 'refunded'] }).notNull(),
  refundId: text('refund_id').unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
  notifiedAt: timestamp('notified_at', { withTimezone: true }),
});

export const trustedForms = checkoutSchema.table('trusted_forms', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull(),
  url: text('url').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * The affiliate's side of an order (migration 0014): its opaque reference, what is reported,
 * and how many attempt series were queued (1, plus one per retry marketing asked for).
 */
export const conversions = checkoutSchema.table('conversions', {
  orderId: integer('order_id').primaryKey(),
  reference: text('reference').notNull().unique(),
  cId: text('c_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  paymentTerms: smallint('payment_terms').notNull(),
  series: smallint('series').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * Every call to the affiliate's conversion endpoint; (order, attempt) unique. `request` is what
 * was sent: rows from before migration 0014 hold the old record (with a name and product).
 */
export const conversionAttempts = checkoutSchema.table(
  'conversion_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id').notNull(),
    attempt: smallint('attempt').notNull(),
    cId: text('c_id').notNull(),
    request: jsonb('request').notNull().$type<ConversionRecord>(),
    /** Null while the call is in flight. */
    outcome: text('outcome').$type<ConversionOutcome>(),
    httpStatus: integer('http_status'),
    detail: text('detail'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [unique().on(t.orderId, t.attempt)],
);
