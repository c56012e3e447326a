/**
 * The sandbox card processor's own records (migrations 0003 and 0005). Card numbers are never
 * stored: a token keeps the brand, last four digits, expiry, fingerprint and test outcome.
 */
import { integer, jsonb, text, timestamp } from 'drizzle-orm/pg-core';
import type { DeclineCode } from '../../payments/card-processor';
import type { CardOutcome } from '../../payments/sandbox/test-cards';
import { checkoutSchema } from './checkout-schema';

export const sandboxTokens = checkoutSchema.table('sandbox_tokens', {
  id: text('id').primaryKey(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  outcome: text('outcome').notNull().$type<CardOutcome>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  fingerprint: text('fingerprint').notNull().default(''),
});

export const sandboxCustomers = checkoutSchema.table('sandbox_customers', {
  id: text('id').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const sandboxPaymentMethods = checkoutSchema.table('sandbox_payment_methods', {
  id: text('id').primaryKey(),
  customerId: text('customer_id')
    .notNull()
    .references(() => sandboxCustomers.id),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  outcome: text('outcome').notNull().$type<CardOutcome>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  fingerprint: text('fingerprint').notNull().default(''),
});

export const sandboxCharges = checkoutSchema.table('sandbox_charges', {
  id: text('id').primaryKey(),
  amountCents: integer('amount_cents').notNull(),
  status: text('status', { enum: ['succeeded', 'failed'] }).notNull(),
  declineCode: text('decline_code').$type<DeclineCode>(),
  customerId: text('customer_id'),
  paymentMethodId: text('payment_method_id'),
  description: text('description').notNull(),
  refundId: text('refund_id').unique(),
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** One row per idempotency key: the first request's fingerprint and its answer (null while it runs). */
export const sandboxIdempotency = checkoutSchema.table('sandbox_idempotency', {
  key: text('key').primaryKey(),
  fingerprint: text('fingerprint').notNull(),
  response: jsonb('response').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
