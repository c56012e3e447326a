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
  /** Spec 001 writes the plan's category as "Weight": the primary product. */
  category: z
    .union([productCategorySchema, z.literal('Weight')])
    .transform((category) => (category === 'Weight' ? 'primary' : category)),
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
export const saveCartRequestSchema = cartItemSchema
  .extend({
    /** Spec 000 names it sku, spec 001 kku: either is read. */
    sku: text(128).optional(),
    kku: text(128).optional(),
    sema_offer: offerSchema,
    tir_offer: offerSchema,
    currentGLPMed: z.enum(currentGlpMedAnswers),
    /**
     * The dose the visitor takes now (plan page question 3); empty when not taking any. "5" is
     * read as the choice "5 mg".
     */
    currentDose: text(32)
      .default('')
      .transform((dose) => (/^\d+(\.\d+)?$/.test(dose.trim()) ? `${dose.trim()} mg` : dose)),
  })
  .refine((cart) => cart.sku !== undefined || cart.kku !== undefined, {
    message: 'sku is required',
    path: ['sku'],
  })
  .transform(({ kku, ...cart }) => ({ ...cart, sku: cart.sku ?? kku ?? '' }));
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
