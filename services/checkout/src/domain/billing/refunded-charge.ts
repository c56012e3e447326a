/**
 * A paid charge becomes refunded once: the first change that marks its `success` transaction
 * `refunded` publishes `refund-issued` in the same transaction. Whoever comes later (Stripe's
 * webhook for a refund the refund job made, a re-run job) finds it refunded and publishes nothing,
 * so each refund is published exactly when, and as often as, it is recorded: once.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { refundIssued, type RefundKind } from '@clinic/contracts';
import type { EventWriter, Tx } from '@clinic/kit';
import { refunds, transactions } from '../../db/schema';
import { orderEndings, type OrderEnding } from './deny-order';

export interface ChargeRefund {
  /** The ids the charge may be stored under (Stripe's charge id or its PaymentIntent's). */
  chargeIds: string[];
  /** The processor's refund id, when known. */
  refundId: string | null;
  /** What went back, when the processor says (a partial refund); else the charge in full. */
  amountCents?: number;
}

/** The clinic's own refunds say why in `checkout.refunds.reason`; any other is the processor's. */
function kindOf(reason: string | undefined): RefundKind {
  const ending = (Object.keys(orderEndings) as OrderEnding[]).find(
    (key) => orderEndings[key].reason === reason,
  );
  return ending ?? 'processor';
}

/** Marks the charge refunded; true when this call did (and published `refund-issued`). */
export async function markChargeRefunded(
  tx: Tx,
  events: EventWriter,
  refund: ChargeRefund,
): Promise<boolean> {
  const changed = await tx
    .update(transactions)
    .set({ status: 'refunded' })
    .where(
      and(
        inArray(transactions.transactionId, refund.chargeIds),
        eq(transactions.status, 'success'),
      ),
    )
    .returning({
      transactionId: transactions.transactionId,
      userId: transactions.userId,
      amountCents: transactions.amountCents,
    });
  for (const charge of changed) {
    const [owed] = await tx
      .select({ reason: refunds.reason, refundId: refunds.refundId })
      .from(refunds)
      .where(eq(refunds.transactionId, charge.transactionId));
    await events.publish(refundIssued, {
      transactionId: charge.transactionId,
      refundId: refund.refundId ?? owed?.refundId ?? null,
      userId: charge.userId,
      amountCents: refund.amountCents ?? charge.amountCents,
      currency: 'USD',
      kind: kindOf(owed?.reason),
    });
  }
  return changed.length > 0;
}
