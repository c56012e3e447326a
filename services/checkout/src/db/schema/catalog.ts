/**
 * The catalog (migrations 0001, 0004, 0012, 0015): products, what each payment term bills, the
 * catalog's version counter and the coupons. Money in integer cents.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { PaymentTerm } from '@clinic/contracts';
import { checkoutSchema } from './checkout-schema';

export const products = checkoutSchema.table('products', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  sku: text('sku').notNull().unique(),
  stripeId: text('stripe_id').notNull().unique(),
  category: text('category', { enum: ['primary', 'secondary', 'tertiary'] }).notNull(),
  isPrescription: boolean('is_prescription').notNull(),
  imagePreText: text('image_pre_text').notNull(),
  drug: text('drug', { enum: ['semaglutide', 'tirzepatide'] }),
  offerVariant: text('offer_variant'),
  retailPriceCents: integer('retail_price_cents').notNull(),
  firstMonthPriceCents: integer('first_month_price_cents').notNull(),
  active: boolean('active').notNull().default(true),
  sortOrder: integer('sort_order').notNull(),
});

/** What each payment term bills in total, per plan product. */
export const productTermPrices = checkoutSchema.table(
  'product_term_prices',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    paymentTerms: integer('payment_terms').notNull().$type<PaymentTerm>(),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.paymentTerms] })],
);

/** One row: bumped by triggers on every statement that writes products or term prices. */
export const catalogVersion = checkoutSchema.table('catalog_version', {
  singleton: boolean('singleton').primaryKey().default(true),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * Flat discounts; `code` is unique case-insensitively (index on lower(code)). Caps and the start
 * came with the admin console (0015); redemptions and changes are in ./coupons.
 */
export const coupons = checkoutSchema.table('coupons', {
  id: serial('id').primaryKey(),
  code: text('code').notNull(),
  amountCents: integer('amount_cents').notNull(),
  /** The payment terms it is valid for; null for all. */
  paymentTerms: integer('payment_terms').array().$type<PaymentTerm[]>(),
  active: boolean('active').notNull().default(true),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  maxUses: integer('max_uses'),
  maxUsesPerPatient: integer('max_uses_per_patient'),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
