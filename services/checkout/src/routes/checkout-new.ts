/**
 * POST /api/checkout-new, GET /api/block-user-payment and GET /api/payment-config: paying for a
 * cart (see CheckoutPayments for the once-only guarantees), whether the caller may pay, and
 * which processor the browser tokenises cards with.
 */
import type { Router } from 'express';
import {
  blockUserPayment,
  checkoutNew,
  paymentConfig,
  type PaymentConfig,
} from '@clinic/contracts';
import { HttpError, bindRoute, type ServiceRuntime } from '@clinic/kit';
import { blockState } from '../domain/payments/card-blocking';
import { loadCheckoutCart, mayOpenCart } from '../domain/payments/checkout-cart';
import type { CheckoutPayments } from '../domain/payments/checkout-payments';
import { refuseUnservedState } from '../domain/served-states';
import type { CardProcessor } from '../payments/card-processor';
import type { CheckoutStateRules } from '../subscribers/state-rules-changed-copy';

export function checkoutRoutes(
  router: Router,
  runtime: ServiceRuntime,
  payments: CheckoutPayments,
  processor: CardProcessor,
  stateRules: CheckoutStateRules,
  browser: Pick<PaymentConfig, 'publishableKey' | 'environment'>,
): void {
  bindRoute(router, checkoutNew, async ({ body, principal, headers }) => {
    // Before anything is charged or stored: the rules in force, at most a second old.
    await refuseUnservedState(stateRules, body.shippingAddress.state);
    return payments.pay(body, principal, headers['Idempotency-Key']);
  });

  bindRoute(router, blockUserPayment, async ({ query, principal }) => {
    const cart = query.cart_id ? await loadCheckoutCart(runtime.db, query.cart_id) : null;
    // Another patient's block state is theirs: a logged-in caller asks about their own carts.
    if (cart && principal && !mayOpenCart(principal, cart))
      throw new HttpError(403, 'This checkout link belongs to another account.');
    const userId = cart?.userId ?? (principal?.role === 'patient' ? principal.userId : null);
    const state = await blockState(
      runtime.db,
      { userId, cartId: cart?.id ?? null },
      runtime.clock.now(),
    );
    return {
      status: 'success' as const,
      blocked: state.blockedUntil !== null,
      cart_blocked: state.cartBlocked,
      blocked_until: state.blockedUntil?.toISOString() ?? null,
    };
  });

  bindRoute(router, paymentConfig, async () => ({
    processor: processor.name,
    publishableKey: processor.name === 'stripe' ? browser.publishableKey : null,
    environment: browser.environment,
  }));
}
