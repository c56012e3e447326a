import { z } from 'zod';
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
