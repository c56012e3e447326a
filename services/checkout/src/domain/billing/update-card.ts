/**
 * Update Credit Card (spec 001 section 7): saves the new card on the patient's customer at the
 * processor (without charging it) and makes it the card of every subscription that can still
 * be charged (active or paused). The key is the token's, and a token works once, so a repeated
 * request saves one card.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { billingMessages } from '@clinic/contracts';
import {
  rows,
  type ServiceRuntime,
  InvalidRequestError,
  NotFoundError,
  PaymentRefusedError,
} from '@clinic/kit';
import { ProcessorRequestError, type CardProcessor } from '../../payments/card-processor';

export async function updateCardOf(
  runtime: ServiceRuntime,
  processor: CardProcessor,
  userId: number,
  request: { token: string; billingAddress: unknown },
): Promise<{ status: 'success'; message: string }> {
  const subs = await rows<{ id: number; customer_id: string | null }>(
    runtime.db,
    sql`select id, customer_id from checkout.subscriptions
        where user_id = ${userId} and status in ('active', 'paused') order by id desc`,
  );
  if (subs.length === 0) throw new NotFoundError(billingMessages.noSubscription);
  const customerId = subs.find((s) => s.customer_id)?.customer_id ?? null;
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
  await runtime.db.execute(
    sql`update checkout.subscriptions
        set customer_id = ${saved.customerId}, payment_method_id = ${saved.paymentMethodId},
            billing_address = ${JSON.stringify(request.billingAddress)}::jsonb, updated_at = ${now}
        where user_id = ${userId} and status in ('active', 'paused')`,
  );
  return { status: 'success', message: billingMessages.cardUpdated };
}
