/**
 * Update Credit Card (spec 001 section 7): saves the new card on the patient's customer at the
 * processor (without charging it) and makes it the card of every subscription that can still
 * be charged (active or paused). The key is the token's, and a token works once, so a repeated
 * request saves one card.
 */
import { createHash } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { billingMessages, type CheckoutAddress } from '@clinic/contracts';
import {
  type ServiceRuntime,
  InvalidRequestError,
  NotFoundError,
  PaymentRefusedError,
} from '@clinic/kit';
import { subscriptions } from '../../db/schema';
import { ProcessorRequestError, type CardProcessor } from '../../payments/card-processor';

/** The subscriptions a new card is for: those that can still be charged. */
const chargeable = (userId: number) =>
  and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['active', 'paused']));

export async function updateCardOf(
  runtime: ServiceRuntime,
  processor: CardProcessor,
  userId: number,
  request: { token: string; billingAddress: Omit<CheckoutAddress, 'id'> },
): Promise<{ status: 'success'; message: string }> {
  const subs = await runtime.db
    .select({ id: subscriptions.id, customerId: subscriptions.customerId })
    .from(subscriptions)
    .where(chargeable(userId))
    .orderBy(desc(subscriptions.id));
  if (subs.length === 0) throw new NotFoundError(billingMessages.noSubscription);
  const customerId = subs.find((s) => s.customerId)?.customerId ?? null;
  const tokenHash = createHash('sha256').update(request.token).digest('hex').slice(0, 32);
  let saved;
  try {
    saved = await processor.saveCard({
      source: request.token,
      customerId,
      idempotencyKey: `update-card-${userId}-${tokenHash}`,
    });
  } catch (err) {
    if (err instanceof ProcessorRequestError)
      throw new InvalidRequestError(billingMessages.invalidCard);
    throw err;
  }
  if (saved.status === 'declined')
    throw new PaymentRefusedError(saved.message, { code: saved.code });
  const now = runtime.clock.now();
  await runtime.db
    .update(subscriptions)
    .set({
      customerId: saved.customerId,
      paymentMethodId: saved.paymentMethodId,
      billingAddress: request.billingAddress,
      updatedAt: now,
    })
    .where(chargeable(userId));
  return { status: 'success', message: billingMessages.cardUpdated };
}
