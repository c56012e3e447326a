/**
 * Remembers which checkout links' carts were paid, and by whom, so a cart-scoped session can
 * finish its order at /verify and nothing more. Idempotent: a redelivered event finds its row.
 */
import { paymentSucceeded } from '@clinic/contracts';
import { defineSubscriber } from '@clinic/kit';
import { paidCarts } from '../db/schema';

export const paymentSucceededPaidCartSubscriber = defineSubscriber({
  name: 'remember-paid-cart',
  event: paymentSucceeded,
  async handle(data, { tx, envelope }) {
    if (data.kind !== 'checkout' || data.cartId === null || data.userId === null) return;
    await tx
      .insert(paidCarts)
      .values({ cartId: data.cartId, userId: data.userId, paidAt: new Date(envelope.occurredAt) })
      .onConflictDoNothing();
  },
});
