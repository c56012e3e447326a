import { z } from 'zod';
import { drugs, paymentTerms } from '../constants/catalog';
import { defineRoute } from './route';

export const productCategorySchema = z.enum(['primary', 'secondary', 'tertiary']);

/** Spec 000 section 3, "Product", plus the catalog facts the plan and checkout pages need. */
export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  stripe_id: z.string(),
  category: productCategorySchema,
  is_prescription: z.boolean(),
  image_pre_text: z.string(),
  drug: z.enum(drugs).nullable(),
  offer_variant: z.string().nullable(),
  pricing: z.object({
    /** Dollars: the regular monthly price for a plan, the item price otherwise. */
    retail_price: z.number(),
    /** Dollars: what month 1 costs ("from" price on the plan page). */
    first_month_price: z.number(),
    /** Dollars billed per payment term, for plans only. */
    term_prices: z
      .array(
        z.object({
          payment_terms: z.union(paymentTerms.map((t) => z.literal(t))),
          amount: z.number(),
        }),
      )
      .optional(),
  }),
});
export type Product = z.infer<typeof productSchema>;

export const getAllProductsResponseSchema = z.object({
  status: z.literal('success'),
  products: z.array(productSchema),
});
export type GetAllProductsResponse = z.infer<typeof getAllProductsResponseSchema>;

export const getAllProducts = defineRoute({
  method: 'get',
  path: '/api/get-all-products',
  service: 'checkout',
  auth: 'public',
  summary: 'The product catalog: medication plans of every offer and the add-ons.',
  response: getAllProductsResponseSchema,
});
