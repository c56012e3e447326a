/**
 * Carts and what checkout knows of each patient (migrations 0002 and 0008): carts and their
 * items, eligibility learnt from intake's events, the patient's shipping address.
 */
import { integer, numeric, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { DisqualificationReason } from '@clinic/contracts';
import { checkoutSchema } from './checkout-schema';
import { products } from './catalog';

export const carts = checkoutSchema.table('carts', {
  id: uuid('id').primaryKey(),
  userId: integer('user_id'),
  semaOffer: text('sema_offer').notNull(),
  tirOffer: text('tir_offer').notNull(),
  currentGlpMed: text('current_glp_med', { enum: ['Yes', 'No'] }).notNull(),
  currentDose: text('current_dose').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  /** The price table's version when saved (migration 0016): what the cart is charged. */
  priceVersion: integer('price_version').notNull().default(0),
});

/** Priced from the catalog when saved, in cents. */
export const cartItems = checkoutSchema.table(
  'cart_items',
  {
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.productId] })],
);

export const patientEligibility = checkoutSchema.table('patient_eligibility', {
  userId: integer('user_id').primaryKey(),
  bmi: numeric('bmi', { precision: 5, scale: 1, mode: 'number' }),
  disqualifiedReason: text('disqualified_reason').$type<DisqualificationReason>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** The patient's shipping address (spec 001 section 3's field names). */
export const shippingAddresses = checkoutSchema.table('shipping_addresses', {
  userId: integer('user_id').primaryKey(),
  addressLine1: text('address_line_1').notNull(),
  addressLine2: text('address_line_2'),
  city: text('city').notNull(),
  state: text('state').notNull(),
  zip: text('zip').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
