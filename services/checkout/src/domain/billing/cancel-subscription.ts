/**
 * The patient's Cancel Subscription (spec 001 section 7): only their own active subscription;
 * it ends at once (no further renewal) and the reasons they chose are kept. On the monthly plan
 * before its 3 payments, the early termination fee that may apply is recorded for the clinic,
 * never charged here.
 */
import { sql } from 'drizzle-orm';
import { billingMessages, type PaymentTerm } from '@clinic/contracts';
import { rows, type ServiceRuntime, ConflictError, NotFoundError } from '@clinic/kit';
import { earlyTerminationOf } from './subscription-rules';

export interface CancelRequest {
  subscriptionId: number;
  reason: string | string[] | null | undefined;
  recommend: string | number | boolean | null | undefined;
}

/** The reasons as a list of non-empty texts, whatever shape the page sent them in. */
function reasonsOf(reason: CancelRequest['reason']): string[] {
  const list = Array.isArray(reason) ? reason : reason ? [reason] : [];
  return list.map((r) => r.trim()).filter((r) => r !== '');
}

export async function cancelSubscriptionOf(
  runtime: ServiceRuntime,
  userId: number,
  request: CancelRequest,
): Promise<{ status: 'success'; message: string }> {
  const now = runtime.clock.now();
  await runtime.transaction(async (tx) => {
    const [sub] = await rows<{
      id: number;
      user_id: number | null;
      status: string;
      payment_terms: PaymentTerm;
      payments_made: number;
      amount_cents: number;
    }>(
      tx,
      sql`select id, user_id, status, payment_terms, payments_made, amount_cents
          from checkout.subscriptions where id = ${request.subscriptionId} for update`,
    );
    // Another patient's subscription is answered like an unknown one: nothing is revealed.
    if (!sub || sub.user_id !== userId)
      throw new NotFoundError(billingMessages.notYourSubscription);
    if (sub.status !== 'active') throw new ConflictError(billingMessages.notActive);
    // On the monthly plan the renewal amount is the regular monthly price.
    const termination = earlyTerminationOf(sub.payment_terms, sub.payments_made, sub.amount_cents);
    await tx.execute(
      sql`update checkout.subscriptions
          set status = 'ended', ended_at = ${now}, ended_reason = 'cancelled_by_patient',
              retry_at = null, updated_at = ${now}
          where id = ${sub.id}`,
    );
    await tx.execute(
      sql`insert into checkout.subscription_cancellations
            (subscription_id, user_id, reasons, recommend, within_commitment,
             early_termination_cents, created_at)
          values (${sub.id}, ${userId}, ${JSON.stringify(reasonsOf(request.reason))}::jsonb,
                  ${request.recommend === null || request.recommend === undefined ? null : String(request.recommend)},
                  ${termination.withinCommitment}, ${termination.feeCents}, ${now})`,
    );
  });
  return { status: 'success', message: billingMessages.cancelled };
}
