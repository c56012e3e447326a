import { z } from 'zod';
import { currentDoseChoices } from '../constants/catalog';
import { offerVariants } from '../constants/tracking';
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
  /** At least 1: a quantity of 0 or less removes the item (spec 000 section 3), saving nothing. */
  quantity: numeric(int(1, 100)),
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

export const currentDoseMessage = 'Please choose your current dose.';
/** Plan page question 3's choices ("2.5 mg"), also as the bare number a client may send. */
const currentDoseAnswers = [
  '',
  ...new Set(
    Object.values(currentDoseChoices)
      .flat()
      .flatMap((dose) => [dose, dose.replace(/ mg$/, '')]),
  ),
] as [string, ...string[]];

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
    /** Required, unless `replaces_cart` names the cart whose answers the new one keeps. */
    currentGLPMed: z.enum(currentGlpMedAnswers).optional(),
    /**
     * The dose the visitor takes now (plan page question 3), one of the choices; empty when not
     * taking any. "5" is read as the choice "5 mg".
     */
    currentDose: z
      .enum(currentDoseAnswers, currentDoseMessage)
      .default('')
      .transform((dose) => (dose === '' || dose.endsWith(' mg') ? dose : `${dose} mg`)),
    /**
     * The checkout page's medication switch: the cart this one replaces. The new cart keeps that
     * cart's plan-page answers (currentGLPMed, currentDose), which the checkout link never shows.
     */
    replaces_cart: text(64).optional(),
  })
  .refine((cart) => cart.sku !== undefined || cart.kku !== undefined, {
    message: 'sku is required',
    path: ['sku'],
  })
  .refine((cart) => cart.currentGLPMed !== undefined || cart.replaces_cart !== undefined, {
    message: 'currentGLPMed is required',
    path: ['currentGLPMed'],
  })
  // Said in the published schema too: someone taking GLP-1 medication says which dose.
  .meta({
    if: { properties: { currentGLPMed: { const: 'Yes' } }, required: ['currentGLPMed'] },
    then: { properties: { currentDose: { minLength: 1 } }, required: ['currentDose'] },
    allOf: [
      { anyOf: [{ required: ['sku'] }, { required: ['kku'] }] },
      { anyOf: [{ required: ['currentGLPMed'] }, { required: ['replaces_cart'] }] },
    ],
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
