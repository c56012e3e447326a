/**
 * settle-payment-attempt: queued (delayed) before every checkout charge, so that an attempt left
 * 'charging' by a crash or a lost processor answer is finished on some instance: the card is
 * charged again with the attempt's own processor idempotency key, which answers the first charge
 * rather than charging twice, and the order is placed (or the charge refunded when the cart was
 * paid meanwhile). An attempt already settled is left alone, so the job may run any number of
 * times.
 */
import { z } from 'zod';
import { defineJob } from '@clinic/kit';
import { settlePaymentJobName, type CheckoutPayments } from '../domain/payments/checkout-payments';

export function settlePaymentAttemptJob(payments: CheckoutPayments) {
  return defineJob({
    name: settlePaymentJobName,
    schema: z.object({ key: z.string() }),
    attempts: 8,
    backoffMs: 30_000,
    handle: ({ key }) => payments.settleStale(key),
  });
}
