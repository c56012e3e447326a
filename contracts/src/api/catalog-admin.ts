/**
 * The admin console's catalog (issue 30 item 2): coupons, products' prices and the offers, kept
 * as data by checkout and changed without a deploy. Admins only (`staffRoles: []`); each change
 * is validated by these schemas (the same the checkout applies), versioned with who, when, before
 * and after, and a line on checkout's audit trail. Console paths are ours (BRIEF section 2).
 */
import { z } from 'zod';
import { paymentTerms } from '../constants/catalog';
import { int, numeric, rowId, text } from './fields';
import { catalogPriceMessages, offerPlansSchema, priceTableSchema } from './catalog-prices';
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
  ...catalogPriceMessages,
  couponCode: 'A coupon code is 3 to 32 letters, digits, dashes or underscores.',
  couponAmount: 'The discount is a whole number of cents above zero.',
  duplicateCode: 'A coupon with this code exists already.',
  expiryBeforeStart: 'The expiry must be after the start.',
  repeatedTerm: 'Each payment term once.',
  couponNotFound: 'No coupon has this id.',
  changedMeanwhile:
    'This coupon was changed by someone else since you opened it. Reload and try again.',
  /** The coupon would take more than the lowest price it applies to. */
  largerThanPrice: (priceCents: number) =>
    `The discount is more than the lowest price it applies to ($${(priceCents / 100).toFixed(2)}).`,
  perPatientOverTotal: 'The uses per patient cannot be more than the total uses.',
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
