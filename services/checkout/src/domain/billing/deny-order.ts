/**
 * What a denied assessment does to its order, in the caller's transaction: the order becomes
 * `denied`, its subscription ends, and every successful payment of it gets a `pending` refund
 * row (one per transaction, whoever asks again) for the refund job to carry out.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { jobType, rows, type Tx } from '@clinic/kit';

/**
 * The job that carries the refunds out (its handler: `refundDeniedOrderJob` in
 * subscribers/assessment-denied-refund.ts); callers enqueue through this type.
 */
export const deniedOrderRefund = jobType({
  name: 'refund-denied-order',
  schema: z.object({ orderId: z.number().int() }),
  // About 17 minutes of retries (2 s doubling) before the job is dead-lettered.
  attempts: 10,
  backoffMs: 2000,
});

/** What `checkout.refunds.reason` says for these refunds. */
export const DENIAL_REFUND_REASON = 'assessment_denied';

/** Denies the order and records its refunds as pending; returns how many were new. */
export async function denyOrder(tx: Tx, orderId: number, now: Date): Promise<number> {
  await tx.execute(
    sql`update checkout.orders set status = 'denied' where id = ${orderId} and status <> 'denied'`,
  );
  await tx.execute(
    sql`update checkout.subscriptions set status = 'ended', updated_at = ${now}
        where order_id = ${orderId} and status <> 'ended'`,
  );
  const pending = await rows<{ id: number }>(
    tx,
    sql`insert into checkout.refunds (transaction_id, order_id, amount_cents, reason, status, created_at)
        select transaction_id, order_id, amount_cents, ${DENIAL_REFUND_REASON}, 'pending', ${now}
        from checkout.transactions
        where order_id = ${orderId} and status = 'success' and amount_cents > 0
        order by id
        on conflict (transaction_id) do nothing
        returning id`,
  );
  return pending.length;
}
