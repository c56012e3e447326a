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
