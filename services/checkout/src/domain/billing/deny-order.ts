/**
 * What a denied assessment does to its order, in the caller's transaction: the order becomes
 * `denied`, its subscription ends (`subscription-cancelled` by the clinic, once: only the change
 * that ends it publishes), and every successful payment of it gets a `pending` refund row (one per
 * transaction, whoever asks again) for the refund job to carry out.
 */
import { and, asc, eq, gt, ne } from 'drizzle-orm';
import { subscriptionCancelled } from '@clinic/contracts';
import type { EventWriter, Tx } from '@clinic/kit';
import { orders, refunds, subscriptions, transactions } from '../../db/schema';

/** What `checkout.refunds.reason` says for these refunds. */
export const DENIAL_REFUND_REASON = 'assessment_denied';
export const WITHDRAWAL_REFUND_REASON = 'application_withdrawn';

/**
 * How an order ends with a full refund: a clinician's denial (`denied`), or the patient's
 * Process Refund on an application the questionnaire cannot accept (`cancelled`).
 */
export const orderEndings = {
  denied: { status: 'denied', reason: DENIAL_REFUND_REASON },
  withdrawn: { status: 'cancelled', reason: WITHDRAWAL_REFUND_REASON },
} as const;
export type OrderEnding = keyof typeof orderEndings;

/** The order statuses whose pending refunds the refund job carries out. */
export const refundedEndStatuses = Object.values(orderEndings).map((e) => e.status);

/** Ends the order and records its refunds as pending; returns how many were new. */
export async function denyOrder(
  tx: Tx,
  events: EventWriter,
  orderId: number,
  now: Date,
  ending: OrderEnding = 'denied',
): Promise<number> {
  const { status, reason } = orderEndings[ending];
  await tx
    .update(orders)
    .set({ status })
    .where(and(eq(orders.id, orderId), ne(orders.status, status)));
  const ended = await tx
    .update(subscriptions)
    .set({ status: 'ended', updatedAt: now })
    .where(and(eq(subscriptions.orderId, orderId), ne(subscriptions.status, 'ended')))
    .returning({
      id: subscriptions.id,
      userId: subscriptions.userId,
      paymentTerms: subscriptions.paymentTerms,
    });
  for (const sub of ended)
    await events.publish(subscriptionCancelled, {
      subscriptionId: sub.id,
      userId: sub.userId,
      by: 'clinic',
      paymentTerms: sub.paymentTerms,
      orderId,
    });
  // Read, then inserted: the builder's insert ... select cannot leave out refunds' identity id.
  const paid = await tx
    .select({
      transactionId: transactions.transactionId,
      orderId: transactions.orderId,
      amountCents: transactions.amountCents,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.orderId, orderId),
        eq(transactions.status, 'success'),
        gt(transactions.amountCents, 0),
      ),
    )
    .orderBy(asc(transactions.id));
  if (paid.length === 0) return 0;
  const pending = await tx
    .insert(refunds)
    .values(
      paid.map((t) => ({
        ...t,
        reason,
        status: 'pending' as const,
        createdAt: now,
      })),
    )
    .onConflictDoNothing({ target: refunds.transactionId })
    .returning({ id: refunds.id });
  return pending.length;
}
