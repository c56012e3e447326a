import { z } from 'zod';
import { defineEvent } from './envelope';

/**
 * A card was charged and the order stands. `kind` says why: the first checkout, the upsell's
 * add-on, or a subscription renewal. Consumers: conversion tracking (checkout), and later the
 * clinic's review queue and the portal's views.
 */
export const paymentSucceeded = defineEvent({
  name: 'payment-succeeded',
  version: 1,
  keyOf: (d) => String(d.orderId),
  description:
    'A charge succeeded and its order, transaction and subscription are stored (one transaction). amountCents is what was charged.',
  schema: z.object({
    kind: z.enum(['checkout', 'add-on', 'renewal']),
    orderId: z.number().int(),
    userId: z.number().int().nullable(),
    cartId: z.string().nullable(),
    transactionId: z.string(),
    amountCents: z.number().int(),
    currency: z.literal('USD'),
    paymentTerms: z.number().int(),
    productName: z.string(),
    planId: z.string(),
    prescriptionPreauths: z.array(
      z.object({
        orderId: z.number().int(),
        product_id: z.number().int(),
        product_name: z.string(),
      }),
    ),
    /** The affiliate conversion id the buyer arrived with, when there was one. */
    conversionId: z.string().nullable(),
    /** The buyer's first name as checkout knows it, for the affiliate's conversion record. */
    userName: z.string().nullable(),
    /**
     * The supply this payment pays for (the plan's rules: 3 vials every 90 days), as dates it is
     * due to ship; fulfilment ships the first once the prescription is accepted and the others
     * on their dates. Empty for an add-on, and for a monthly renewal between shipments; absent
     * in events published before fulfilment existed (a checkout's was then 3 vials at once).
     */
    supply: z
      .array(z.object({ shipOn: z.iso.datetime(), vials: z.number().int().positive() }))
      .optional(),
  }),
});

/**
 * A cart was saved: the plan page's choice, or the checkout page's medication switch (which saves
 * a new cart). Every save makes a new cart, so there is one event per cart, keyed by its id.
 * Consumers: marketing's funnel (cart saved).
 */
export const cartSaved = defineEvent({
  name: 'cart-saved',
  version: 1,
  keyOf: (d) => d.cartId,
  description:
    'A cart was saved (one event per cart, published with it). userId is null for a visitor without an account; planId is the plan product (offerPlans); amountCents is the cart as priced (the first month). The payment term is chosen at payment. No name or product name.',
  schema: z.object({
    /** The cart's id; payment-succeeded names the same cart. */
    cartId: z.string(),
    userId: z.number().int().nullable(),
    /** The plan product's id (`offerPlans`): which offer variant the cart belongs to. */
    planId: z.string(),
    amountCents: z.number().int(),
  }),
});

/**
 * A subscription ended before its time: the patient cancelled it (Billing), or the clinic ended
 * it (a denied assessment, an application withdrawn because it could not be accepted). Once per
 * subscription. No reason text: the patient's reasons and a denial's can be health information.
 */
export const subscriptionCancelled = defineEvent({
  name: 'subscription-cancelled',
  version: 1,
  keyOf: (d) => String(d.subscriptionId),
  description:
    "A subscription ended, with the change that ended it: by 'patient' (Cancel Subscription) or 'clinic' (denied, or withdrawn and refunded). At most once per subscription. No reason.",
  schema: z.object({
    subscriptionId: z.number().int(),
    userId: z.number().int().nullable(),
    by: z.enum(['patient', 'clinic']),
    paymentTerms: z.number().int(),
    /** The order the subscription renews; null in events published before it was carried. */
    orderId: z.number().int().nullable().default(null),
  }),
});

/**
 * A renewal charge is coming (its notice went out: 7 days before for monthly plans, 15 for longer
 * ones) and it will pay for a supply that ships on its billing date. Fulfilment records the supply
 * as not yet paid, so its refill check-in opens 7 days before the date as every other refill's
 * does; the shipment leaves only once the renewal is paid. Once per subscription and billing date.
 */
export const renewalSupplyUpcoming = defineEvent({
  name: 'renewal-supply-upcoming',
  version: 1,
  keyOf: (d) => String(d.orderId),
  description:
    'A renewal charge on billingDate will pay for the supply listed (ship dates and vials, the first on the billing date): fulfilment opens its refill check-in 7 days before and ships it once paid. Once per subscription and billing date.',
  schema: z.object({
    subscriptionId: z.number().int(),
    orderId: z.number().int(),
    userId: z.number().int(),
    billingDate: z.iso.datetime(),
    supply: z
      .array(z.object({ shipOn: z.iso.datetime(), vials: z.number().int().positive() }))
      .min(1),
  }),
});

/** Why money went back to a patient: see `refundIssued`. */
export const refundKinds = ['denied', 'withdrawn', 'processor'] as const;
export type RefundKind = (typeof refundKinds)[number];

/**
 * Money went back to the patient for one paid charge (a checkout, add-on or renewal transaction):
 * `denied` and `withdrawn` are the clinic's full refunds of an order it could not treat;
 * `processor` a refund made at the card processor outside the clinic's flows (Stripe's
 * dashboard), learnt from its webhook. Once per charge, keyed by it, published with the change
 * that marks the charge refunded; a failed refund publishes nothing.
 */
export const refundIssued = defineEvent({
  name: 'refund-issued',
  version: 1,
  keyOf: (d) => d.transactionId,
  description:
    'A paid charge was refunded (published with the change that marks it refunded, once per charge: the key). amountCents is what went back. A duplicate charge undone before its order existed was never a payment and is not one.',
  schema: z.object({
    /** The refunded charge, as payment-succeeded named it: the refund's identity. */
    transactionId: z.string(),
    /** The processor's refund id, when checkout knows it (null: refunded by other means). */
    refundId: z.string().nullable(),
    userId: z.number().int().nullable(),
    amountCents: z.number().int(),
    currency: z.literal('USD'),
    kind: z.enum(refundKinds),
  }),
});
