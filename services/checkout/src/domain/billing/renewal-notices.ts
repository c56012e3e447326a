/**
 * The notice before each renewal charge (issue 31, item 5): 7 days before the billing date for
 * monthly plans and 15 days before for longer ones, as state automatic-renewal laws ask. The
 * hourly renewal sweep calls it; each active subscription gets one notice per billing date
 * (renewal_notices' key), queued with the row that records it, so two sweeps at once, or a
 * retried one, send it once. A paused or ended subscription gets none.
 * When the coming charge pays for a supply (a monthly plan's every third payment, every renewal
 * of a longer plan), `renewal-supply-upcoming` is published with the same row, so fulfilment
 * opens that refill's check-in 7 days before the date instead of on the day it is charged.
 */
import { and, desc, eq, gt, isNotNull, lte } from 'drizzle-orm';
import { renewalSupplyUpcoming, type PaymentTerm } from '@clinic/contracts';
import type { ServiceRuntime } from '@clinic/kit';
import { renewalNotices, subscriptions, transactions } from '../../db/schema';
import { renewalNotice, renewalNoticeJobId } from '../../jobs/definitions/renewal-notice-email';
import { shipmentsPaidBy } from './subscription-rules';

const dayMs = 24 * 60 * 60 * 1000;

/** Days before the billing date the notice goes out. */
export function renewalNoticeLeadDays(term: PaymentTerm): number {
  return term === 1 ? 7 : 15;
}

/** Queues the notices now due; answers how many. */
export async function queueRenewalNotices(runtime: ServiceRuntime): Promise<number> {
  const now = runtime.clock.now();
  const s = subscriptions;
  const soon = await runtime.db
    .select()
    .from(s)
    .where(
      and(
        eq(s.status, 'active'),
        isNotNull(s.userId),
        gt(s.nextBillingDate, now),
        lte(s.nextBillingDate, new Date(now.getTime() + renewalNoticeLeadDays(12) * dayMs)),
      ),
    );
  let queued = 0;
  for (const sub of soon) {
    const noticeAt =
      sub.nextBillingDate.getTime() - renewalNoticeLeadDays(sub.paymentTerms) * dayMs;
    if (noticeAt > now.getTime()) continue;
    const [card] = await runtime.db
      .select({ last4: transactions.cardLast4 })
      .from(transactions)
      .where(and(eq(transactions.orderId, sub.orderId), eq(transactions.status, 'success')))
      .orderBy(desc(transactions.createdAt))
      .limit(1);
    await runtime.transaction(async (tx, events) => {
      const [recorded] = await tx
        .insert(renewalNotices)
        .values({ subscriptionId: sub.id, billingDate: sub.nextBillingDate, sentAt: now })
        .onConflictDoNothing()
        .returning();
      if (!recorded) return;
      const supply = shipmentsPaidBy(sub.paymentTerms, sub.paymentsMade + 1, sub.nextBillingDate);
      if (supply.length > 0)
        await events.publish(renewalSupplyUpcoming, {
          subscriptionId: sub.id,
          orderId: sub.orderId,
          userId: sub.userId!,
          billingDate: sub.nextBillingDate.toISOString(),
          supply: supply.map((s) => ({ shipOn: s.shipOn.toISOString(), vials: s.vials })),
        });
      await runtime.queue.job(renewalNotice).enqueueAfterCommit(
        tx,
        {
          subscriptionId: sub.id,
          userId: sub.userId!,
          planName: sub.planName,
          amountCents: sub.amountCents,
          cardLast4: card?.last4 ?? null,
          billingDate: sub.nextBillingDate.toISOString(),
        },
        { jobId: renewalNoticeJobId(sub.id, sub.nextBillingDate) },
      );
      queued += 1;
    });
  }
  return queued;
}
