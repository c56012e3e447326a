/**
 * What coupons were used in and how they changed (migration 0015): one redemption per payment
 * attempt that used a coupon, and each change's whole coupon before and after.
 */
import { index, integer, jsonb, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { CouponInput } from '@clinic/contracts';
import { checkoutSchema } from './checkout-schema';
import { coupons } from './catalog';
import { paymentAttempts } from './payments';

export const couponRedemptions = checkoutSchema.table(
  'coupon_redemptions',
  {
    attemptKey: text('attempt_key')
      .primaryKey()
      .references(() => paymentAttempts.idempotencyKey),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    /** `user:<id>`, or `email:<address>` for a guest without an account yet. */
    patient: text('patient').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('coupon_redemptions_patient').on(t.couponId, t.patient)],
);

export const couponChanges = checkoutSchema.table(
  'coupon_changes',
  {
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    version: integer('version').notNull(),
    before: jsonb('before').$type<CouponInput | null>(),
    after: jsonb('after').$type<CouponInput>().notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
    changedById: integer('changed_by_id').notNull(),
    changedByName: text('changed_by_name'),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.version] })],
);
