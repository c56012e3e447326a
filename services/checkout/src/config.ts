/**
 * Checkout's configuration, read the same way by its own process (cluster mode) and by the
 * gateway that runs it in-process (single-node mode).
 */
import { z } from 'zod';
import type { CheckoutDeps } from './deps';

export const checkoutConfigFields = {
  /** Where affiliate conversions are reported (spec 001 call-conversion); none when unset. */
  AFFILIATE_CONVERSION_URL: z.url().optional(),
};

export type CheckoutConfig = z.infer<z.ZodObject<typeof checkoutConfigFields>>;

export function checkoutDepsFromConfig(config: CheckoutConfig): Omit<CheckoutDeps, 'identity'> {
  return { affiliateConversionUrl: config.AFFILIATE_CONVERSION_URL ?? null };
}
