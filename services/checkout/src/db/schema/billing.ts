/**
 * Subscriptions after the first charge (migrations 0008 and 0009): the subscription, each charge
 * after checkout (renewal attempts and Pay Now), cancellations and the supply each payment ships.
 * Money in integer cents.
 */
import { boolean, integer, jsonb, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { CheckoutAddress, PaymentTerm } from '@clinic/contracts';
import type { DeclineCode } from '../../payments/card-processor';
import { checkoutSchema } from './checkout-schema';
import { products } from './catalog';
import { orders, transactions } from './orders';

export type SubscriptionStatus = 'active' | 'paused' | 'ended';
export type SubscriptionEndedReason =
  'cancelled_by_patient' | 'prescription_denied' | 'prescription_cancelled';

export const subscriptions = checkoutSchema.table('subscriptions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  orderId: integer('order_id')
    .notNull()
    .unique()
    .references(() => orders.id),
  userId: integer('user_id'),
  planName: text('plan_name').notNull(),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id),
  paymentTerms: integer('payment_terms').notNull().$type<PaymentTerm>(),
  /** What each renewal charges. */
  amountCents: integer('amount_cents').notNull(),
  status: text('status').notNull().$type<SubscriptionStatus>(),
  nextBillingDate: timestamp('next_billing_date', { withTimezone: true }).notNull(),
  customerId: text('customer_id'),
  paymentMethodId: text('payment_method_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  paymentsMade: integer('payments_made').notNull().default(1),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  retryAt: timestamp('retry_at', { withTimezone: true }),
  /** What the patient owes while paused (Past Due). */
  pastDueCents: integer('past_due_cents'),
  pausedAt: timestamp('paused_at', { withTimezone: true }),
  endedAt: timestamp('ended_at', { withTimezone: true }),
  endedReason: text('ended_reason').$type<SubscriptionEndedReason>(),
  billingAddress: jsonb('billing_address').$type<CheckoutAddress>(),
});

/**
 * One row per charge after checkout, committed 'charging' before the card is charged. A renewal
 * attempt is unique per (subscription, period_start, attempt) (partial index
 * subscription_charges_attempt, where kind = 'renewal').
 */
export const subscriptionCharges = checkoutSchema.table('subscription_charges', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  subscriptionId: integer('subscription_id')
    .notNull()
    .references(() => subscriptions.id),
  kind: text('kind', { enum: ['renewal', 'pay-now'] }).notNull(),
  periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
  /** 1, 2, 3 for a renewal's attempts; 0 for Pay Now. */
  attempt: integer('attempt').notNull(),
  processorKey: text('processor_key').notNull().unique(),
  source: text('source'),
  customerId: text('customer_id'),
  amountCents: integer('amount_cents').notNull(),
  billingAddress: jsonb('billing_address').$type<CheckoutAddress>(),
  status: text('status', { enum: ['charging', 'succeeded', 'declined'] }).notNull(),
  chargeId: text('charge_id'),
  declineCode: text('decline_code').$type<DeclineCode>(),
  declineMessage: text('decline_message'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Why a patient cancelled, and the early termination fee that may apply (never charged). */
export const subscriptionCancellations = checkoutSchema.table('subscription_cancellations', {
  subscriptionId: integer('subscription_id')
    .primaryKey()
    .references(() => subscriptions.id),
  userId: integer('user_id').notNull(),
  reasons: jsonb('reasons').notNull().$type<string[]>(),
  recommend: text('recommend'),
  withinCommitment: boolean('within_commitment').notNull(),
  earlyTerminationCents: integer('early_termination_cents').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** What each payment ships. */
export const supplyShipments = checkoutSchema.table(
  'supply_shipments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    transactionId: text('transaction_id')
      .notNull()
      .references(() => transactions.transactionId),
    shipOn: timestamp('ship_on', { withTimezone: true }).notNull(),
    vials: integer('vials').notNull(),
  },
  (t) => [unique().on(t.transactionId, t.shipOn)],
);

/** The notice sent before a renewal charge: one per subscription and billing date. */
export const renewalNotices = checkoutSchema.table(
  'renewal_notices',
  {
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    billingDate: timestamp('billing_date', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.billingDate] })],
);
