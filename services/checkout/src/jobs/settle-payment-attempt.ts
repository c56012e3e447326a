/**
 * settle-payment-attempt: queued (delayed) before every checkout charge, so that an attempt left
 * 'charging' by a crash or a lost processor answer is finished on some instance: the card is
 * charged again with the attempt's own processor idempotency key, which answers the first charge
 * rather than charging twice, and the order is placed (or the charge refunded when the cart was
 * paid meanwhile). An attempt already settled is left alone, so the job may run any number of
 * times. CheckoutPayments enqueues it through `settlePaymentAttempt`, its typed handle's type.
 */
import { defineJob } from '@clinic/kit';
import type { CheckoutPayments } from '../domain/payments/checkout-payments';
import { settlePaymentAttempt } from './definitions/settle-payment-attempt';

export function settlePaymentAttemptJob(payments: CheckoutPayments) {
  return defineJob({
    ...settlePaymentAttempt,
    handle: ({ key }) => payments.settleStale(key),
  });
}
