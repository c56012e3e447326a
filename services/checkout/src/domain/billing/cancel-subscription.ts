/**
 * The patient's Cancel Subscription (spec 001 section 7): only their own active subscription;
 * it ends at once (no further renewal) and the reasons they chose are kept. On the monthly plan
 * before its 3 payments, the early termination fee that may apply is recorded for the clinic,
 * never charged here. `subscription-cancelled` (by the patient) is published with the change,
 * without the reasons.
 */
import { eq } from 'drizzle-orm';
import { billingMessages, subscriptionCancelled } from '@clinic/contracts';
import { type ServiceRuntime, ConflictError, NotFoundError } from '@clinic/kit';
import { subscriptionCancellations, subscriptions } from '../../db/schema';
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
  await runtime.transaction(async (tx, events) => {
    const [sub] = await tx
      .select({
        id: subscriptions.id,
        orderId: subscriptions.orderId,
        userId: subscriptions.userId,
        status: subscriptions.status,
        paymentTerms: subscriptions.paymentTerms,
        paymentsMade: subscriptions.paymentsMade,
        amountCents: subscriptions.amountCents,
      })
      .from(subscriptions)
      .where(eq(subscriptions.id, request.subscriptionId))
      .for('update');
    // Another patient's subscription is answered like an unknown one: nothing is revealed.
    if (!sub || sub.userId !== userId) throw new NotFoundError(billingMessages.notYourSubscription);
    if (sub.status !== 'active') throw new ConflictError(billingMessages.notActive);
    // On the monthly plan the renewal amount is the regular monthly price.
    const termination = earlyTerminationOf(sub.paymentTerms, sub.paymentsMade, sub.amountCents);
    await tx
      .update(subscriptions)
      .set({
        status: 'ended',
        endedAt: now,
        endedReason: 'cancelled_by_patient',
        retryAt: null,
        updatedAt: now,
      })
      .where(eq(subscriptions.id, sub.id));
    await tx.insert(subscriptionCancellations).values({
      subscriptionId: sub.id,
      userId,
      reasons: reasonsOf(request.reason),
      recommend:
        request.recommend === null || request.recommend === undefined
          ? null
          : String(request.recommend),
      withinCommitment: termination.withinCommitment,
      earlyTerminationCents: termination.feeCents,
      createdAt: now,
    });
    await events.publish(subscriptionCancelled, {
      subscriptionId: sub.id,
      userId,
      by: 'patient',
      paymentTerms: sub.paymentTerms,
      orderId: sub.orderId,
    });
  });
  return { status: 'success', message: billingMessages.cancelled };
}
