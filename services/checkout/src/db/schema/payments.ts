/**
 * Paying (migrations 0007, 0008, 0011): checkout attempts by Idempotency-Key, the processes
 * charging them, refused payments and the blocks they lead to, Stripe webhook deliveries handled.
 * Money in integer cents.
 */
import { boolean, integer, jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PaymentTerm } from '@clinic/contracts';
import type { DeclineCode } from '../../payments/card-processor';
import { checkoutSchema } from './checkout-schema';
import { carts } from './carts';

export type PaymentAttemptStatus = 'charging' | 'succeeded' | 'declined' | 'failed' | 'refunded';

/**
 * One row per Idempotency-Key, committed before the card is charged. At most one 'charging' row
 * per cart (partial unique index payment_attempts_one_in_flight_per_cart).
 */
export const paymentAttempts = checkoutSchema.table('payment_attempts', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  requestFingerprint: text('request_fingerprint').notNull(),
  cartId: uuid('cart_id')
    .notNull()
    .references(() => carts.id),
  userId: integer('user_id'),
  status: text('status').notNull().$type<PaymentAttemptStatus>(),
  amountCents: integer('amount_cents').notNull(),
  discountCents: integer('discount_cents').notNull().default(0),
  couponId: integer('coupon_id'),
  paymentTerms: integer('payment_terms').notNull().$type<PaymentTerm>(),
  cardToken: text('card_token').notNull(),
  processorKey: text('processor_key').notNull().unique(),
  /** What finishing the attempt needs (never card data). */
  request: jsonb('request').notNull(),
  chargeId: text('charge_id'),
  declineCode: text('decline_code').$type<DeclineCode>(),
  cardFingerprint: text('card_fingerprint'),
  httpStatus: integer('http_status'),
  /** The answer given, replayed for a repeated key. */
  response: jsonb('response'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  /** The process charging it (payment_workers.id). */
  workerId: text('worker_id'),
});

/** Each checkout process beats here; an attempt whose worker stopped beating is settled. */
export const paymentWorkers = checkoutSchema.table('payment_workers', {
  id: text('id').primaryKey(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
});

/** Every refused payment, for card blocking (spec 001 section 4). */
export const paymentFailures = checkoutSchema.table('payment_failures', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  cartId: uuid('cart_id').references(() => carts.id),
  userId: integer('user_id'),
  cardFingerprint: text('card_fingerprint'),
  declineCode: text('decline_code').notNull().$type<DeclineCode>(),
  /** Insufficient funds or a pick-up-card decline. */
  noFunds: boolean('no_funds').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** A user or a card (at least one) refused until `blockedUntil`. */
export const paymentBlocks = checkoutSchema.table('payment_blocks', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id'),
  cardFingerprint: text('card_fingerprint'),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Stripe webhook deliveries already handled, by Stripe's event id. */
export const stripeWebhookEvents = checkoutSchema.table('stripe_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});
