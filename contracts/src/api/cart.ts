import { z } from 'zod';
import { offerVariants } from '../constants/catalog';
import { prescriptionMainType } from '../rules/cart';
import { productCategorySchema } from './catalog';
import { int, numeric, rowId, text } from './fields';
import { defineRoute } from './route';

/**
 * Spec 001 section 3 writes the plan's main type as 1; the catalog calls it "Prescription". Both
 * mean the same item kind, so 1 (or "1") is read as "Prescription".
 */
const mainTypeSchema = z
  .union([z.literal(1), text(64)])
  .transform((value) => (value === 1 || value === '1' ? prescriptionMainType : value));

const dollars = numeric(z.number().min(0).max(100_000));

/** Spec 000 section 3, "Cart item". Prices are dollars, as the browser shows them. */
export const cartItemSchema = z.object({
  id: numeric(rowId()),
  name: text(256),
  price: dollars,
  retail_price: dollars,
  quantity: numeric(int(-100, 100)),
  main_type: mainTypeSchema,
  subheader: text(512).optional(),
  image: text(2048).optional(),
  category: productCategorySchema,
  sku: text(128),
  stripe_id: text(128),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const currentGlpMedAnswers = ['Yes', 'No'] as const;

/** An active offer; an empty value (no offer in the landing link) is the default offer. */
const offerSchema = z
  .union([z.enum(offerVariants), z.literal('')])
  .default('default')
  .transform((value) => value || 'default');

/**
 * Spec 000 section 3, "Saved cart request": the cart item fields plus the active offers and the
 * plan page's answers. The server prices the cart from its catalog, never from these prices.
 */
export const saveCartRequestSchema = cartItemSchema.extend({
  sema_offer: offerSchema,
  tir_offer: offerSchema,
  currentGLPMed: z.enum(currentGlpMedAnswers),
  /** The dose the visitor takes now (plan page question 3); empty when not taking any. */
  currentDose: text(32).default(''),
});
export type SaveCartRequest = z.input<typeof saveCartRequestSchema>;

export const saveCart = defineRoute({
  method: 'post',
  path: '/forms/save-cart',
  service: 'checkout',
  auth: 'public',
  summary:
    "Saves the plan page's cart (one plan product of the active offer); the answer's id is the checkout link's cart id.",
  body: saveCartRequestSchema,
  response: z.object({ status: z.literal('success'), id: z.string() }),
});
