import {
  boolean,
  integer,
  numeric,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { DisqualificationReason } from '@clinic/contracts';

/** The checkout service's own schema; no other service reads it. */
export const checkoutSchema = pgSchema('checkout');

export const products = checkoutSchema.table('products', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  sku: text('sku').notNull(),
  stripeId: text('stripe_id').notNull(),
  category: text('category', { enum: ['primary', 'secondary', 'tertiary'] }).notNull(),
  isPrescription: boolean('is_prescription').notNull(),
  imagePreText: text('image_pre_text').notNull(),
  drug: text('drug', { enum: ['semaglutide', 'tirzepatide'] }),
  offerVariant: text('offer_variant'),
  retailPriceCents: integer('retail_price_cents').notNull(),
  firstMonthPriceCents: integer('first_month_price_cents').notNull(),
  active: boolean('active').notNull(),
  sortOrder: integer('sort_order').notNull(),
});

export const productTermPrices = checkoutSchema.table(
  'product_term_prices',
  {
    productId: integer('product_id').notNull(),
    paymentTerms: integer('payment_terms').notNull(),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.paymentTerms] })],
);

export const carts = checkoutSchema.table('carts', {
  id: uuid('id').primaryKey(),
  userId: integer('user_id'),
  semaOffer: text('sema_offer').notNull(),
  tirOffer: text('tir_offer').notNull(),
  currentGlpMed: text('current_glp_med', { enum: ['Yes', 'No'] }).notNull(),
  currentDose: text('current_dose').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const cartItems = checkoutSchema.table(
  'cart_items',
  {
    cartId: uuid('cart_id').notNull(),
    productId: integer('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.productId] })],
);

export const patientEligibility = checkoutSchema.table('patient_eligibility', {
  userId: integer('user_id').primaryKey(),
  bmi: numeric('bmi', { mode: 'number' }),
  disqualifiedReason: text('disqualified_reason').$type<DisqualificationReason>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
