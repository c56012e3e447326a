/**
 * The price table and the offers as data (issue 30 item 2): the shapes checkout validates, the
 * console edits and the plan page reads. Kept apart from the console's routes so the checkout
 * page's first load takes only these.
 */
import { z } from 'zod';
import { antiNausea, drugs, type Drug } from '../constants/catalog';
import { offerVariants } from '../constants/tracking';
import { text } from './fields';
import { defineRoute } from './route';

/** Messages of the price table and the offers, shown verbatim by the console. */
export const catalogPriceMessages = {
  unknownTerm: 'Payment terms are 1, 3, 6 or 12 months.',
  price: 'A price must be more than $0.00, to the cent.',
  planId: 'A plan id is lower-case letters, digits and underscores.',
  duplicatePlan: (planId: string) => `The plan ${planId} is named twice: each offer needs its own.`,
} as const;

/** A price in cents: a whole number above zero. */
const priceCents = z
  .number({ error: catalogPriceMessages.price })
  .int(catalogPriceMessages.price)
  .min(1, catalogPriceMessages.price)
  .max(10_000_000, catalogPriceMessages.price);

/** What each payment term bills in total, every term once and no other. */
export const termPricesSchema = z.strictObject(
  { 1: priceCents, 3: priceCents, 6: priceCents, 12: priceCents },
  { error: catalogPriceMessages.unknownTerm },
);

/** One drug's prices: month 1 of the monthly plan, and each term's total. */
export const drugPricesSchema = z.strictObject({
  firstMonth: priceCents,
  terms: termPricesSchema,
});
export type DrugPrices = z.infer<typeof drugPricesSchema>;

/** The price table (spec 000 and 001 section 9) as checkout keeps it: every drug's prices, the add-on's. */
export const priceTableSchema = z.strictObject({
  ...(Object.fromEntries(drugs.map((d) => [d, drugPricesSchema])) as Record<
    Drug,
    typeof drugPricesSchema
  >),
  /** GLP Anti-Nausea, charged once when added to an order. */
  antiNausea: priceCents,
});

/**
 * The price table as stored and published: a table written before the add-on's price was part
 * of it reads with the spec's price for it ($19.97), so an older version still prices its carts.
 */
export const storedPriceTableSchema = priceTableSchema.extend({
  antiNausea: priceCents.default(antiNausea.price),
});

const planIdSchema = text(64).regex(/^[a-z0-9_]+$/, catalogPriceMessages.planId);

/** One drug's plan under each offer variant: the default, and A, B or C where they differ. */
const drugOffersSchema = z.strictObject({
  default: planIdSchema,
  A: planIdSchema.optional(),
  B: planIdSchema.optional(),
  C: planIdSchema.optional(),
});

/** The offers (spec 000 section 3, "Offer plans"): the plan of each drug under each variant. */
export const offerPlansSchema = z
  .strictObject(
    Object.fromEntries(drugs.map((d) => [d, drugOffersSchema])) as Record<
      Drug,
      typeof drugOffersSchema
    >,
  )
  .superRefine((offers, ctx) => {
    const seen = new Set<string>();
    for (const drug of drugs)
      for (const variant of offerVariants) {
        const plan = offers[drug][variant];
        if (plan === undefined) continue;
        if (seen.has(plan))
          ctx.addIssue({
            code: 'custom',
            path: [drug, variant],
            message: catalogPriceMessages.duplicatePlan(plan),
          });
        seen.add(plan);
      }
  });
export type OfferPlans = z.infer<typeof offerPlansSchema>;

/** The offers as the plan page reads them (public: which plan a landing link's offer sells). */
export const currentOffers = defineRoute({
  method: 'get',
  path: '/api/offers',
  service: 'checkout',
  auth: 'public',
  summary: 'The plan id of each drug under each offer variant (spec 000 section 3, "Offer plans").',
  response: z.object({ status: z.literal('success'), offers: offerPlansSchema }),
});

/** The price table in force (public: the legal pages quote it). */
export const currentPriceTable = defineRoute({
  method: 'get',
  path: '/api/prices',
  service: 'checkout',
  auth: 'public',
  summary:
    "The price table now, in cents: each drug's month 1 and term totals, and the GLP Anti-Nausea add-on.",
  response: z.object({ status: z.literal('success'), prices: priceTableSchema }),
});
