import { boolean, integer, pgSchema, primaryKey, text } from 'drizzle-orm/pg-core';

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
