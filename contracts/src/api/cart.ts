import { z } from 'zod';
import { offerVariants } from '../constants/catalog';
import { productCategorySchema } from './catalog';
import { defineRoute } from './route';

/** Spec 000 section 3, "Cart item". Prices are dollars, as the browser shows them. */
export const cartItemSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().max(256),
  price: z.number().nonnegative(),
  retail_price: z.number().nonnegative(),
  quantity: z.number().int().max(100),
  main_type: z.string().max(64),
  subheader: z.string().max(512).optional(),
  image: z.string().max(2048).optional(),
  category: productCategorySchema,
  sku: z.string().max(128),
  stripe_id: z.string().max(128),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const currentGlpMedAnswers = ['Yes', 'No'] as const;

/**
 * Spec 000 section 3, "Saved cart request": the cart item fields plus the active offers and the
 * plan page's answers. The server prices the cart from its catalog, never from these prices.
 */
export const saveCartRequestSchema = cartItemSchema.extend({
  sema_offer: z.enum(offerVariants).default('default'),
  tir_offer: z.enum(offerVariants).default('default'),
  currentGLPMed: z.enum(currentGlpMedAnswers),
  /** The dose the visitor takes now (plan page question 3); empty when not taking any. */
  currentDose: z.string().max(32).default(''),
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
