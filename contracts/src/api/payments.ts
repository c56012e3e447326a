import { z } from 'zod';
import { paymentTerms } from '../constants/catalog';
import { defineRoute } from './route';

/**
 * The sandbox processor's tokens endpoint, shaped like Stripe's (`POST /v1/tokens`): the browser
 * turns card details into a single-use `tok_...` and only the token reaches checkout.
 */
export const sandboxTokenRequestSchema = z.object({
  card: z.object({
    number: z.string().max(32),
    exp_month: z.coerce.number().int(),
    exp_year: z.coerce.number().int(),
    cvc: z.string().max(8),
  }),
});

export const sandboxTokenSchema = z.object({
  id: z.string(),
  object: z.literal('token'),
  type: z.literal('card'),
  card: z.object({
    id: z.string(),
    object: z.literal('card'),
    brand: z.string(),
    last4: z.string(),
    exp_month: z.number().int(),
    exp_year: z.number().int(),
  }),
  created: z.number().int(),
  livemode: z.literal(false),
  used: z.boolean(),
});
export type SandboxToken = z.infer<typeof sandboxTokenSchema>;

export const sandboxCreateToken = defineRoute({
  method: 'post',
  path: '/sandbox/v1/tokens',
  service: 'checkout',
  auth: 'public',
  summary:
    "The sandbox card processor's tokenizer (Stripe's test mode): card details to a single-use token. Card errors answer 402 with Stripe's error object under `error`.",
  body: sandboxTokenRequestSchema,
  response: sandboxTokenSchema,
});

/** Spec 001 sections 5 and 8: the coupon texts (the failure texts are the clinic's own). */
export const couponMessages = {
  empty: 'Please enter a coupon code',
  invalid: 'This coupon code is not valid.',
  wrongTerm: 'This coupon is not valid for the selected payment plan.',
} as const;

export const validateCoupon = defineRoute({
  method: 'post',
  path: '/api/validate-coupon',
  service: 'checkout',
  auth: 'public',
  summary:
    'Checks a coupon for a payment term; c_val is its flat discount in dollars. The checkout applies it again itself.',
  body: z.object({
    coupon: z.string().max(64),
    payment_terms: z.union(paymentTerms.map((t) => z.literal(t))),
  }),
  response: z.object({
    status: z.literal('success'),
    coupon_id: z.number().int(),
    c_val: z.number(),
  }),
});
