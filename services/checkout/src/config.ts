/**
 * Checkout's configuration, read the same way by its own process (cluster mode) and by the
 * gateway that runs it in-process (single-node mode). With STRIPE_SECRET_KEY the card processor
 * is Stripe (STRIPE_API_BASE points it at stripe-mock in tests); without, the sandbox.
 */
import { z } from 'zod';
import type { BaseConfig } from '@clinic/kit';
import type { CheckoutDeps } from './deps';
import { StripeProcessor } from './payments/stripe/stripe-processor';

export const checkoutConfigFields = {
  /** Where affiliate conversions are reported (spec 001 call-conversion); none when unset. */
  AFFILIATE_CONVERSION_URL: z.url().optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_/, 'must be a Stripe secret key')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_/, 'must be a Stripe publishable key')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  STRIPE_API_BASE: z.url().optional(),
};

export type CheckoutConfig = z.infer<z.ZodObject<typeof checkoutConfigFields>>;

export function checkoutDepsFromConfig(
  config: CheckoutConfig & Pick<BaseConfig, 'NODE_ENV' | 'PUBLIC_URL'>,
): Omit<CheckoutDeps, 'identity'> {
  const secretKey = config.STRIPE_SECRET_KEY;
  return {
    ...(config.PUBLIC_URL ? { publicUrl: config.PUBLIC_URL } : {}),
    affiliateConversionUrl: config.AFFILIATE_CONVERSION_URL ?? null,
    environment: config.NODE_ENV === 'production' ? 'production' : 'development',
    ...(secretKey
      ? {
          processor: () => new StripeProcessor({ secretKey, apiBase: config.STRIPE_API_BASE }),
          stripePublishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,
          stripeWebhookSecret: config.STRIPE_WEBHOOK_SECRET ?? null,
        }
      : {}),
  };
}
