import { join } from 'node:path';
import { Router } from 'express';
import type { ServiceModule } from '@clinic/kit';
import type { CheckoutDeps } from './deps';
import { demoClinicDetails } from './domain/billing/clinic-details';
import { SubscriptionCharges } from './domain/billing/subscription-charges';
import { CatalogCache } from './domain/catalog-cache';
import { CatalogDesk } from './domain/catalog-desk';
import { CatalogSettings } from './domain/catalog-settings';
import { CouponDesk } from './domain/coupon-desk';
import { CheckoutPayments } from './domain/payments/checkout-payments';
import { GuestAccounts } from './domain/payments/guest-accounts';
import { PaymentWorkers } from './domain/payments/payment-workers';
import { callConversionJob } from './jobs/call-conversion';
import { addOnReceiptJob } from './jobs/add-on-receipt-email';
import { orderConfirmationJob } from './jobs/order-confirmation-email';
import { defaultRenewalSweepMs, startRenewalSweeps } from './jobs/definitions/renewal-sweep';
import { renewalNoticeJob } from './jobs/renewal-notice-email';
import { renewalReceiptJob } from './jobs/renewal-receipt-email';
import { renewalSweepJob } from './jobs/renewal-sweep';
import { settlePaymentAttemptJob } from './jobs/settle-payment-attempt';
import { SandboxProcessor } from './payments/sandbox/sandbox-processor';
import { sandboxTokensRoute } from './payments/sandbox/tokens-route';
import { applyStripeEvent } from './payments/stripe/refund-events';
import { StripeProcessor } from './payments/stripe/stripe-processor';
import { stripeWebhookRoute } from './payments/stripe/stripe-webhook';
import { AffiliateConversions } from './domain/affiliate-conversions';
import { addToOrderRoute } from './routes/add-to-order';
import { affiliateConversionRoutes } from './routes/affiliate-conversions';
import { afterPaymentRoutes } from './routes/after-payment';
import { billingRoutes } from './routes/billing';
import { callConversionRoute } from './routes/call-conversion';
import { cartRoutes } from './routes/cart';
import { catalogRoutes } from './routes/catalog';
import { checkoutRoutes } from './routes/checkout-new';
import { internalRoutes } from './routes/internal';
import { stateRulesChangedCopy } from './subscribers/state-rules-changed-copy';
import { couponRoutes } from './routes/coupons';
import { consoleCatalogRoutes } from './routes/console-catalog';
import { consoleCouponRoutes } from './routes/console-coupons';
import { getCartRoute } from './routes/get-cart';
import { hsaReceiptRoute } from './routes/hsa-receipt';
import { invoiceRoute } from './routes/invoice';
import { pendingMedicalFormsRoute } from './routes/pending-medical-forms';
import {
  assessmentDeniedRefundSubscriber,
  applicationWithdrawnRefundSubscriber,
  refundDeniedOrderJob,
  requeuePendingRefunds,
} from './subscribers/assessment-denied-refund';
import { paymentSucceededConfirmationSubscriber } from './subscribers/payment-succeeded-confirmation';
import { paymentSucceededConversionSubscriber } from './subscribers/payment-succeeded-conversion';
import { shippingAddressSavedVerifiedAddressSubscriber } from './subscribers/shipping-address-saved-verified-address';
import { formSubmittedAssessmentNotedSubscriber } from './subscribers/form-submitted-assessment-noted';
import { leadDisqualifiedEligibilitySubscriber } from './subscribers/lead-disqualified-eligibility';
import { leadQualifiedEligibilitySubscriber } from './subscribers/lead-qualified-eligibility';

export type { CheckoutDeps } from './deps';

/** Where links in emails point when the runner does not say (`npm start`'s address). */
const defaultPublicUrl = 'http://localhost:3000';

/** A payment attempt still unsettled after this long is finished by the settle job. */
const defaultSettleAfterMs = 2 * 60 * 1000;

/**
 * Checkout owns the money path (BRIEF section 4): products, carts, coupons, payments, orders,
 * subscriptions and refunds, and what it learns of each patient's eligibility from intake.
 */
export const checkoutService: ServiceModule<CheckoutDeps> = {
  name: 'checkout',
  migrationsDir: join(__dirname, 'db', 'migrations'),
  build(runtime, deps) {
    const processor =
      deps.processor?.(runtime) ?? new SandboxProcessor(runtime.engines.database, runtime.clock);
    const settleAfterMs = deps.settleAfterMs ?? defaultSettleAfterMs;
    const settings = new CatalogSettings(runtime.engines.database);
    const workers = new PaymentWorkers(runtime.db, runtime.logger, deps.paymentWorkerTiming);
    const payments = new CheckoutPayments(
      runtime,
      processor,
      workers,
      new GuestAccounts(deps.identity),
      settings,
      { settleAfterMs },
    );
    const subscriptionCharges = new SubscriptionCharges(runtime, processor, deps.identity, {
      settleAfterMs,
    });
    const renewalSweepMs = deps.renewalSweepMs ?? defaultRenewalSweepMs;
    const catalog = new CatalogCache(
      runtime.db,
      runtime.transaction,
      runtime.logger,
      deps.catalogPollMs,
    );
    const stateRules = stateRulesChangedCopy(runtime);
    const prices = async () => (await settings.pricesNow(runtime.db)).value;
    const router = Router();
    catalogRoutes(router, catalog);
    cartRoutes(router, runtime, settings);
    getCartRoute(router, runtime, deps.identity, settings);
    couponRoutes(router, runtime);
    consoleCouponRoutes(router, new CouponDesk(runtime, prices), deps.identity);
    consoleCatalogRoutes(
      router,
      new CatalogDesk(runtime, settings, catalog),
      settings,
      deps.identity,
    );
    checkoutRoutes(router, runtime, payments, processor, stateRules.cache, {
      publishableKey: deps.stripePublishableKey ?? null,
      environment: deps.environment ?? 'production',
    });
    afterPaymentRoutes(router, runtime, stateRules.cache);
    internalRoutes(router, runtime);
    addToOrderRoute(router, runtime, processor);
    const clinic = deps.clinic ?? demoClinicDetails;
    invoiceRoute(router, runtime, deps.identity, clinic);
    hsaReceiptRoute(router, runtime, deps.identity, clinic);
    pendingMedicalFormsRoute(router, runtime);
    billingRoutes(router, runtime, processor, subscriptionCharges);
    callConversionRoute(router, runtime);
    affiliateConversionRoutes(router, new AffiliateConversions(runtime), deps.identity);
    if (processor.name === 'sandbox') sandboxTokensRoute(router, runtime);
    if (processor instanceof StripeProcessor && deps.stripeWebhookSecret)
      stripeWebhookRoute(router, runtime, {
        webhookSecret: deps.stripeWebhookSecret,
        stripe: processor.client,
        onEvent: applyStripeEvent,
      });
    return {
      router,
      subscribers: [
        leadQualifiedEligibilitySubscriber(runtime.clock),
        leadDisqualifiedEligibilitySubscriber(runtime.clock),
        paymentSucceededConversionSubscriber(runtime),
        paymentSucceededConfirmationSubscriber(runtime),
        assessmentDeniedRefundSubscriber(runtime),
        applicationWithdrawnRefundSubscriber(runtime),
        shippingAddressSavedVerifiedAddressSubscriber,
        formSubmittedAssessmentNotedSubscriber,
        stateRules.subscriber,
      ],
      jobs: [
        settlePaymentAttemptJob(payments),
        callConversionJob(runtime, { endpoint: deps.affiliateConversionUrl ?? null }),
        orderConfirmationJob(runtime, deps.identity, deps.publicUrl ?? defaultPublicUrl),
        addOnReceiptJob(runtime, deps.identity, deps.publicUrl ?? defaultPublicUrl),
        renewalNoticeJob(runtime, deps.identity, deps.publicUrl ?? defaultPublicUrl),
        renewalReceiptJob(runtime, deps.identity, deps.publicUrl ?? defaultPublicUrl),
        refundDeniedOrderJob(runtime, processor, deps.identity),
        renewalSweepJob(runtime, subscriptionCharges, renewalSweepMs),
      ],
      async onStart() {
        await startRenewalSweeps(runtime, renewalSweepMs);
        await requeuePendingRefunds(runtime);
        // Attempts a killed process left charging are settled within seconds, not minutes.
        await workers.start((orphans) => payments.settleOrphans(orphans));
      },
      onStop: async () => {
        catalog.stop();
        await workers.stop();
      },
    };
  },
};
