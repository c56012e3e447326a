/**
 * Checkout's configuration, read the same way by its own process (cluster mode) and by the
 * gateway that runs it in-process (single-node mode). With STRIPE_SECRET_KEY the card processor
 * is Stripe (STRIPE_API_BASE points it at stripe-mock in tests); without, the sandbox.
 */
import { z } from 'zod';
import type { BaseConfig } from '@clinic/kit';
import type { CheckoutDeps } from './deps';
import { demoClinicDetails, type ClinicDetails } from './domain/billing/clinic-details';
import { StripeProcessor } from './payments/stripe/stripe-processor';

/** CLINIC_ADDRESS is one line of the environment: its printed lines are separated by "|". */
function addressLinesOf(value: string): string[] {
  return value.split('|').map((line) => line.trim());
}

/** 2 to 4 printable lines, the last "City, ST 12345" (or ZIP+4). */
function isPostalAddress(value: string): boolean {
  const lines = addressLinesOf(value);
  return (
    lines.length >= 2 &&
    lines.length <= 4 &&
    lines.every((line) => line.length > 0 && line.length <= 100 && !hasControl(line)) &&
    /, [A-Z]{2} \d{5}(-\d{4})?$/.test(lines[lines.length - 1] ?? '')
  );
}

/** A tab, a line break or another control character: the printed text would be cut. */
function hasControl(text: string): boolean {
  return Array.from(text).some((ch) => {
    const code = ch.charCodeAt(0);
    return code < 0x20 || code === 0x7f;
  });
}

/**
 * The clinic as its invoices and HSA/FSA receipts name it. Unset, each is a demo value that says
 * so (demoClinicDetails); set but blank or malformed, the process refuses to start.
 */
const clinicConfigFields = {
  CLINIC_LEGAL_NAME: z
    .string()
    .trim()
    .min(1, "must be the clinic's legal name")
    .max(120, 'must be at most 120 characters')
    .refine((name) => !hasControl(name), 'must be one line of text')
    .default(demoClinicDetails.legalName),
  CLINIC_ADDRESS: z
    .string()
    .refine(
      isPostalAddress,
      'must be the street and "City, ST 12345" lines, separated by "|" (2 to 4 lines)',
    )
    .transform(addressLinesOf)
    .default([...demoClinicDetails.addressLines]),
  CLINIC_EIN: z
    .string()
    .trim()
    .regex(/^\d{2}-\d{7}$/, "must be the clinic's EIN, written as 12-3456789")
    .default(demoClinicDetails.ein),
};

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
  ...clinicConfigFields,
};

export type CheckoutConfig = z.infer<z.ZodObject<typeof checkoutConfigFields>>;

/** The clinic's details as configured, each one not given taken from the demo's. */
function clinicDetailsOf(config: Partial<CheckoutConfig>): ClinicDetails {
  return {
    legalName: config.CLINIC_LEGAL_NAME ?? demoClinicDetails.legalName,
    addressLines: config.CLINIC_ADDRESS ?? demoClinicDetails.addressLines,
    ein: config.CLINIC_EIN ?? demoClinicDetails.ein,
  };
}

export function checkoutDepsFromConfig(
  config: Partial<CheckoutConfig> & Pick<BaseConfig, 'NODE_ENV' | 'PUBLIC_URL'>,
): Omit<CheckoutDeps, 'identity'> {
  const secretKey = config.STRIPE_SECRET_KEY;
  return {
    clinic: clinicDetailsOf(config),
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
