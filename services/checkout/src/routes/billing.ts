import type { RequestHandler, Router } from 'express';
import { and, desc, eq } from 'drizzle-orm';
import {
  billingMessages,
  cancelSubscription,
  processSubsPayment,
  subscriptionItems,
  transactionItems,
  updateCard,
  type SubscriptionItem,
  type TransactionItem,
} from '@clinic/contracts';
import { bindRoute, HttpError, principalOf, type ServiceRuntime } from '@clinic/kit';
import { subscriptionCharges, subscriptions, transactions } from '../db/schema';
import type { CardProcessor } from '../payments/card-processor';
import { cancelSubscriptionOf } from '../domain/billing/cancel-subscription';
import type { SubscriptionCharges } from '../domain/billing/subscription-charges';
import { updateCardOf } from '../domain/billing/update-card';
import { requireIdempotencyKey } from '../domain/payments/idempotency-key';

/** The product image of a plan, by the medication its name starts with. */
export function imageOfPlan(planName: string): string {
  if (/semaglutide/i.test(planName)) return '/products/semaglutide.svg';
  if (/tirzepatide/i.test(planName)) return '/products/tirzepatide.svg';
  return '/products/medication.svg';
}

/**
 * Spec 001 section 7: both card dialogs need line 1, city, state and zip, and say so in the
 * spec's words before anything else is checked.
 */
const requireBillingAddress: RequestHandler = (req, res, next) => {
  // Not logged in is said first, by the route itself.
  if (!principalOf(res.locals)) return next();
  const address = (req.body as { billingAddress?: Record<string, unknown> } | undefined)
    ?.billingAddress;
  const filled = (field: string) =>
    typeof address?.[field] === 'string' && (address[field] as string).trim() !== '';
  if (!['addressLine1', 'city', 'state', 'zip'].every(filled))
    throw new HttpError(400, billingMessages.incompleteBilling);
  next();
};

/** The billing tab's calls (spec 001 sections 3 and 7), each on the caller's own records only. */
export function billingRoutes(
  router: Router,
  runtime: ServiceRuntime,
  processor: CardProcessor,
  charges: SubscriptionCharges,
): void {
  bindRoute(router, subscriptionItems, async ({ principal }) => {
    const s = subscriptions;
    const subs = await runtime.db
      .select({
        id: s.id,
        planName: s.planName,
        status: s.status,
        nextBillingDate: s.nextBillingDate,
        amountCents: s.amountCents,
        pastDueCents: s.pastDueCents,
        paymentTerms: s.paymentTerms,
      })
      .from(s)
      .where(eq(s.userId, principal.userId))
      .orderBy(desc(s.createdAt), desc(s.id));
    return {
      status: 'success' as const,
      subscriptions: subs.map((sub) => ({
        id: sub.id,
        plan_name: sub.planName,
        status: sub.status satisfies SubscriptionItem['status'],
        next_billing_date: sub.nextBillingDate.toISOString(),
        // A paused subscription shows (and Pay Now pays) what is past due.
        amount: (sub.pastDueCents ?? sub.amountCents) / 100,
        payment_terms: sub.paymentTerms,
        image: imageOfPlan(sub.planName),
      })),
    };
  });

  bindRoute(router, transactionItems, async ({ principal }) => {
    const t = transactions;
    const paid = await runtime.db
      .select({
        id: t.id,
        transactionId: t.transactionId,
        createdAt: t.createdAt,
        amountCents: t.amountCents,
        status: t.status,
        productName: t.productName,
      })
      .from(t)
      .where(eq(t.userId, principal.userId))
      .orderBy(desc(t.createdAt), desc(t.id));
    const declined = await declinedChargesOf(runtime, principal.userId);
    const rows: TransactionItem[] = paid.map((row) => ({
      id: row.id,
      transaction_id: row.transactionId,
      created_at: row.createdAt.toISOString(),
      amount: row.amountCents / 100,
      status: row.status,
      product_name: row.productName,
    }));
    return {
      status: 'success' as const,
      // Newest first; at the same instant the payment goes first (it ends the declines before it).
      transactions: [...rows, ...declined].sort(
        (a, b) => Date.parse(b.created_at) - Date.parse(a.created_at),
      ),
    };
  });

  router.post(processSubsPayment.path, requireBillingAddress);
  bindRoute(router, processSubsPayment, async ({ principal, body, req }) =>
    charges.payNow(principal.userId, {
      subscriptionId: body.subscription_id,
      amountCents: Math.round(body.amount * 100),
      token: body.token,
      billingAddress: body.billingAddress,
      idempotencyKey: requireIdempotencyKey(req.get('Idempotency-Key')),
    }),
  );

  router.post(updateCard.path, requireBillingAddress);
  bindRoute(router, updateCard, async ({ principal, body }) =>
    updateCardOf(runtime, processor, principal.userId, body),
  );

  bindRoute(router, cancelSubscription, async ({ principal, body }) =>
    cancelSubscriptionOf(runtime, principal.userId, {
      subscriptionId: body.subs_id,
      reason: body.reason,
      recommend: body.reccomend,
    }),
  );
}

/**
 * The caller's declined subscription charges (renewal attempts and Pay Now), newest first, as
 * Past Payments rows: status 'declined', the amount that was tried, the day it was tried and a
 * transaction id of their own (`declined-<charge id>`: no processor id has that form, and no
 * invoice or receipt is found by it). `id` is the charge's row id. Charges still 'charging'
 * (the outcome is not known yet) are not listed.
 */
async function declinedChargesOf(
  runtime: ServiceRuntime,
  userId: number,
): Promise<TransactionItem[]> {
  const c = subscriptionCharges;
  const s = subscriptions;
  const declined = await runtime.db
    .select({
      id: c.id,
      createdAt: c.createdAt,
      amountCents: c.amountCents,
      planName: s.planName,
    })
    .from(c)
    .innerJoin(s, eq(s.id, c.subscriptionId))
    .where(and(eq(s.userId, userId), eq(c.status, 'declined')))
    .orderBy(desc(c.createdAt), desc(c.id));
  return declined.map((row) => ({
    id: row.id,
    transaction_id: `declined-${row.id}`,
    created_at: row.createdAt.toISOString(),
    amount: row.amountCents / 100,
    status: 'declined',
    product_name: row.planName,
  }));
}
