import { z } from 'zod';
import { int, numeric, requiredText, text } from './fields';
import { paymentTermSchema } from './checkout';
import { defineRoute } from './route';

/**
 * The sandbox processor's tokens endpoint, shaped like Stripe's (`POST /v1/tokens`): the browser
 * turns card details into a single-use `tok_...` and only the token reaches checkout.
 */
export const sandboxTokenRequestSchema = z.object({
  /**
   * Loose on purpose: like Stripe's test mode, a wrong number, month or code is a card error
   * (402 with `incorrect_number`, `invalid_expiry_month`, `invalid_cvc`), not a malformed request.
   */
  card: z.object({
    number: text(32),
    exp_month: numeric(int(-99, 99)),
    exp_year: numeric(int(0, 9999)),
    cvc: text(8),
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
  usedUp: 'This coupon has been used as many times as it can be.',
  usedUpByYou: 'You have already used this coupon as many times as it allows.',
} as const;

export const validateCoupon = defineRoute({
  method: 'post',
  path: '/api/validate-coupon',
  service: 'checkout',
  auth: 'public',
  summary:
    'Checks a coupon for a payment term; c_val is its flat discount in dollars. The checkout applies it again itself.',
  body: z.object({
    coupon: requiredText(64, couponMessages.empty),
    payment_terms: paymentTermSchema,
  }),
  response: z.object({
    status: z.literal('success'),
    coupon_id: z.number().int(),
    c_val: z.number(),
  }),
});
