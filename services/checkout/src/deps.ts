import type { IdentityDirectory } from '@clinic/identity-client';
import type { PaymentConfig } from '@clinic/contracts';
import type { ServiceRuntime } from '@clinic/kit';
import type { ClinicDetails } from './domain/billing/clinic-details';
import type { PaymentWorkerTiming } from './domain/payments/payment-workers';
import type { CardProcessor } from './payments/card-processor';

type PaymentEnvironment = PaymentConfig['environment'];

/** What checkout is given by whoever runs it (the gateway in single-node mode, main.ts in a cluster). */
export interface CheckoutDeps {
  /** The card processor; the sandbox on checkout's own database when not given. */
  processor?: (runtime: ServiceRuntime) => CardProcessor;
  /** Stripe's publishable key for the browser, when the processor is Stripe. */
  stripePublishableKey?: string | null;
  /** What the payment page is told it runs in (NODE_ENV); production when not given. */
  environment?: PaymentEnvironment;
  /** The signing secret of Stripe's webhook endpoint; the endpoint is mounted only with it. */
  stripeWebhookSecret?: string | null;
  /**
   * Opens a cart-scoped session for the patient of a cart link, and makes the account of a
   * guest's order; without it, links log no one in and guests cannot pay.
   */
  identity?: IdentityDirectory;
  /** The clinic on its invoices and HSA/FSA receipts; the demo's (marked demo) when not given. */
  clinic?: ClinicDetails;
  /** The product's public address, for links in the emails checkout sends. */
  publicUrl?: string;
  /** The affiliate endpoint conversions are reported to; none when not configured. */
  affiliateConversionUrl?: string | null;
  /** How long a payment attempt may stay unsettled before the settle job finishes it. */
  settleAfterMs?: number;
  /** How often renewals are swept (by the product's clock); hourly when not given. */
  renewalSweepMs?: number;
  /** How often a checkout process says it is alive, and when its silence means it died. */
  paymentWorkerTiming?: PaymentWorkerTiming;
  /** How often a process checks whether the catalog changed elsewhere (1 s when not given). */
  catalogPollMs?: number;
}
