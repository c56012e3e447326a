import { inArray } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Tx } from '@clinic/kit';
import { transactions } from '../../db/schema';

/**
 * What checkout does with Stripe's events: a refund made in Stripe's dashboard marks the
 * transaction refunded (by charge or PaymentIntent id, whichever checkout stored). Other events
 * are only recorded.
 */
export async function applyStripeEvent(event: Stripe.Event, tx: Tx): Promise<void> {
  if (event.type !== 'charge.refunded') return;
  const charge = event.data.object;
  const intent =
    typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  await tx
    .update(transactions)
    .set({ status: 'refunded' })
    .where(inArray(transactions.transactionId, [charge.id, intent ?? charge.id]));
}
