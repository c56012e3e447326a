/**
 * The admin console's catalog (issue 30 item 2): coupons, products' prices and the offers, kept
 * as data by checkout and changed without a deploy. Admins only (`staffRoles: []`); each change
 * is validated by these schemas (the same the checkout applies), versioned with who, when, before
 * and after, and a line on checkout's audit trail. Console paths are ours (BRIEF section 2).
 */
import { z } from 'zod';
import { drugs, paymentTerms, type Drug } from '../constants/catalog';
import { offerVariants } from '../constants/tracking';
import { int, numeric, rowId, text } from './fields';
import { defineRoute } from './route';

/** The audit actions of these changes, as the merged audit page names them. */
export const catalogAuditActions = [
  'catalog.change',
  'offers.change',
  'coupon.create',
  'coupon.change',
] as const;
export type CatalogAuditAction = (typeof catalogAuditActions)[number];

/** Messages the console shows verbatim. */
export const catalogAdminMessages = {
  couponCode: 'A coupon code is 3 to 32 letters, digits, dashes or underscores.',
  couponAmount: 'The discount is a whole number of cents above zero.',
  duplicateCode: 'A coupon with this code exists already.',
  expiryBeforeStart: 'The expiry must be after the start.',
  unknownTerm: 'Payment terms are 1, 3, 6 or 12 months.',
  repeatedTerm: 'Each payment term once.',
  couponNotFound: 'No coupon has this id.',
  changedMeanwhile:
    'This coupon was changed by someone else since you opened it. Reload and try again.',
  /** The coupon would take more than the lowest price it applies to. */
  largerThanPrice: (priceCents: number) =>
    `The discount is more than the lowest price it applies to ($${(priceCents / 100).toFixed(2)}).`,
  perPatientOverTotal: 'The uses per patient cannot be more than the total uses.',
  price: 'A price must be more than $0.00, to the cent.',
  planId: 'A plan id is lower-case letters, digits and underscores.',
  duplicatePlan: (planId: string) => `The plan ${planId} is named twice: each offer needs its own.`,
  unknownPlan: (planId: string, drug: string) => `There is no ${drug} plan called ${planId}.`,
  belowCoupon: (code: string) =>
    `Coupon ${code} takes more off than this price: change the coupon first.`,
  rulesChangedMeanwhile:
    'These were changed by someone else since you opened them. Reload and try again.',
} as const;

const paymentTermValue = z.union(
  paymentTerms.map((t) => z.literal(t)),
  { error: catalogAdminMessages.unknownTerm },
);

const isoMoment = z.iso.datetime({ offset: true });

/** A coupon as an admin writes it: the whole coupon, on create and on every change. */
export const couponInputSchema = z
  .object({
    code: text(32)
      .trim()
      .regex(/^[A-Za-z0-9_-]{3,32}$/, catalogAdminMessages.couponCode),
    /** The flat discount, in cents. */
    amountCents: int(1, 1_000_000).meta({ description: catalogAdminMessages.couponAmount }),
    /** The payment terms it applies to; null for every term. */
    paymentTerms: z.array(paymentTermValue).min(1).max(4).nullable(),
    /** Usable from this moment; null: at once. */
    startsAt: isoMoment.nullable(),
    /** Usable until this moment; null: no end. */
    expiresAt: isoMoment.nullable(),
    /** Payments it may take part in, over everyone; null: no cap. */
    maxUses: int(1).nullable(),
    /** Payments one patient may use it in; null: no cap. */
    maxUsesPerPatient: int(1).nullable(),
    active: z.boolean(),
  })
  .superRefine((c, ctx) => {
    if (c.paymentTerms && new Set(c.paymentTerms).size !== c.paymentTerms.length)
      ctx.addIssue({
        code: 'custom',
        path: ['paymentTerms'],
        message: catalogAdminMessages.repeatedTerm,
      });
    if (c.startsAt && c.expiresAt && Date.parse(c.expiresAt) <= Date.parse(c.startsAt))
      ctx.addIssue({
        code: 'custom',
        path: ['expiresAt'],
        message: catalogAdminMessages.expiryBeforeStart,
      });
    if (c.maxUses !== null && c.maxUsesPerPatient !== null && c.maxUsesPerPatient > c.maxUses)
      ctx.addIssue({
        code: 'custom',
        path: ['maxUsesPerPatient'],
        message: catalogAdminMessages.perPatientOverTotal,
      });
  });
export type CouponInput = z.infer<typeof couponInputSchema>;

export const couponViewSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  amountCents: z.number().int(),
  paymentTerms: z.array(z.union(paymentTerms.map((t) => z.literal(t)))).nullable(),
  startsAt: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime().nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerPatient: z.number().int().nullable(),
  active: z.boolean(),
  /** Payments that used it (paid, or being paid). */
  uses: z.number().int(),
  /** Bumped by every change; a change names the version it was made from. */
  version: z.number().int(),
  updatedAt: z.iso.datetime(),
});
export type CouponView = z.infer<typeof couponViewSchema>;

/** One change of a coupon: who, when, the coupon before (null when it was created) and after. */
export const couponChangeSchema = z.object({
  version: z.number().int(),
  at: z.iso.datetime(),
  by: z.object({ id: z.number().int(), name: z.string().nullable() }),
  before: couponInputSchema.nullable(),
  after: couponInputSchema,
});
export type CouponChange = z.infer<typeof couponChangeSchema>;

const oneCoupon = z.object({ status: z.literal('success'), coupon: couponViewSchema });
const couponParams = z.object({ id: numeric(rowId()) });

export const consoleCoupons = defineRoute({
  method: 'get',
  path: '/api/console/coupons',
  service: 'checkout',
  auth: 'staff',
  staffRoles: [],
  summary: 'Every coupon, newest first, with how many payments used it.',
  response: z.object({ status: z.literal('success'), coupons: z.array(couponViewSchema) }),
});

export const createCoupon = defineRoute({
  method: 'post',
  path: '/api/console/coupons',
  service: 'checkout',
  auth: 'staff',
  staffRoles: [],
  summary:
    'Creates a coupon (audited as coupon.create). A duplicate code answers 409, a discount above the lowest price it applies to or an expiry before its start 400; nothing is stored then.',
  body: couponInputSchema,
  response: oneCoupon,
});

export const changeCoupon = defineRoute({
  method: 'put',
  path: '/api/console/coupons/:id',
  service: 'checkout',
  auth: 'staff',
  staffRoles: [],
  summary:
    'Replaces a coupon, made from `version` (audited as coupon.change). A change made meanwhile answers 409 and nothing is stored. Payments already made keep the discount they had.',
  params: couponParams,
  body: z.object({ coupon: couponInputSchema, version: int(1) }),
  response: oneCoupon,
});

export const couponHistory = defineRoute({
  method: 'get',
  path: '/api/console/coupons/:id/history',
  service: 'checkout',
  auth: 'staff',
  staffRoles: [],
  summary: "A coupon's changes, newest first.",
  params: couponParams,
  response: z.object({ status: z.literal('success'), changes: z.array(couponChangeSchema) }),
});

/** A price in cents: a whole number above zero. */
const priceCents = z
  .number({ error: catalogAdminMessages.price })
  .int(catalogAdminMessages.price)
  .min(1, catalogAdminMessages.price)
  .max(10_000_000, catalogAdminMessages.price);

/** What each payment term bills in total, every term once and no other. */
export const termPricesSchema = z.strictObject(
  { 1: priceCents, 3: priceCents, 6: priceCents, 12: priceCents },
  { error: catalogAdminMessages.unknownTerm },
);

/** One drug's prices: month 1 of the monthly plan, and each term's total. */
export const drugPricesSchema = z.strictObject({
  firstMonth: priceCents,
  terms: termPricesSchema,
});
export type DrugPrices = z.infer<typeof drugPricesSchema>;

/** The price table (spec 001 section 9) as checkout keeps it: every drug's prices. */
export const priceTableSchema = z.strictObject(
  Object.fromEntries(drugs.map((d) => [d, drugPricesSchema])) as Record<
    Drug,
    typeof drugPricesSchema
  >,
);

const planIdSchema = text(64).regex(/^[a-z0-9_]+$/, catalogAdminMessages.planId);

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
            message: catalogAdminMessages.duplicatePlan(plan),
          });
        seen.add(plan);
      }
  });
export type OfferPlans = z.infer<typeof offerPlansSchema>;

/** A versioned rule as the console reads it: its value now, and the version to change it from. */
function versioned<S extends z.ZodType>(value: S) {
  return z.object({ status: z.literal('success'), version: z.number().int(), value });
}

/** One change of a versioned rule: who, when, and the whole value before and after. */
function changesOf<S extends z.ZodType>(value: S) {
  return z.object({
    status: z.literal('success'),
    changes: z.array(
      z.object({
        version: z.number().int(),
        at: z.iso.datetime(),
        by: z.object({ id: z.number().int(), name: z.string().nullable() }),
        before: value,
        after: value,
      }),
    ),
  });
}

export const consolePrices = defineRoute({
  method: 'get',
  path: '/api/console/prices',
  service: 'checkout',
  auth: 'staff',
  staffRoles: [],
  summary: 'The price table now, in cents, with its version.',
  response: versioned(priceTableSchema),
});

export const changePrices = defineRoute({
  method: 'put',
  path: '/api/console/prices',
  service: 'checkout',
  auth: 'staff',
  staffRoles: [],
  summary:
    'Replaces the price table, made from `version` (audited as catalog.change, published as catalog-changed). Carts saved after it pay the new prices; carts saved before, paid orders and the renewals of existing subscriptions keep theirs. A price at or below zero, an unknown term, a price below a live coupon or a change made meanwhile is refused with nothing changed.',
  body: z.object({ value: priceTableSchema, version: int(0) }),
  response: versioned(priceTableSchema),
});

export const priceHistory = defineRoute({
  method: 'get',
  path: '/api/console/prices/history',
  service: 'checkout',
  auth: 'staff',
  staffRoles: [],
  summary: "The price table's changes, newest first.",
  response: changesOf(priceTableSchema),
});

export const consoleOffers = defineRoute({
  method: 'get',
  path: '/api/console/offers',
  service: 'checkout',
  auth: 'staff',
  staffRoles: [],
  summary: 'The plan of each drug under each offer variant now, with its version.',
  response: versioned(offerPlansSchema),
});

export const changeOffers = defineRoute({
  method: 'put',
  path: '/api/console/offers',
  service: 'checkout',
  auth: 'staff',
  staffRoles: [],
  summary:
    "Replaces the offers, made from `version` (audited as offers.change, published as catalog-changed). A plan id that is not one of the drug's plan products, or one named twice, is refused with nothing changed.",
  body: z.object({ value: offerPlansSchema, version: int(0) }),
  response: versioned(offerPlansSchema),
});

export const offerHistory = defineRoute({
  method: 'get',
  path: '/api/console/offers/history',
  service: 'checkout',
  auth: 'staff',
  staffRoles: [],
  summary: "The offers' changes, newest first.",
  response: changesOf(offerPlansSchema),
});

/** The offers as the plan page reads them (public: which plan a landing link's offer sells). */
export const currentOffers = defineRoute({
  method: 'get',
  path: '/api/offers',
  service: 'checkout',
  auth: 'public',
  summary: 'The plan id of each drug under each offer variant (spec 000 section 3, "Offer plans").',
  response: z.object({ status: z.literal('success'), offers: offerPlansSchema }),
});
