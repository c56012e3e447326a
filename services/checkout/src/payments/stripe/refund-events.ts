import type Stripe from 'stripe';
import type { EventWriter, Tx } from '@clinic/kit';
import { markChargeRefunded } from '../../domain/billing/refunded-charge';

/**
 * What checkout does with Stripe's events: a refund made in Stripe's dashboard marks the
 * transaction refunded (by charge or PaymentIntent id, whichever checkout stored) and publishes
 * `refund-issued` with the amount Stripe refunded, once per charge: a refund the refund job made,
 * reported here too, is published by whichever of the two records it first. Other events are
 * only recorded.
 */
export async function applyStripeEvent(
  event: Stripe.Event,
  tx: Tx,
  events: EventWriter,
): Promise<void> {
  if (event.type !== 'charge.refunded') return;
  const charge = event.data.object;
  const intent =
    typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  await markChargeRefunded(tx, events, {
    chargeIds: [charge.id, intent ?? charge.id],
    refundId: charge.refunds?.data[0]?.id ?? null,
    amountCents: charge.amount_refunded,
  });
}
