import type { RequestHandler, Router } from 'express';
import { sql } from 'drizzle-orm';
import {
  billingMessages,
  cancelSubscription,
  processSubsPayment,
  subscriptionItems,
  transactionItems,
  updateCard,
  type SubscriptionItem,
} from '@clinic/contracts';
import { bindRoute, HttpError, principalOf, rows, type ServiceRuntime } from '@clinic/kit';
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

const iso = (value: Date | string) => new Date(value).toISOString();

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
    const subs = await rows<{
      id: number;
      plan_name: string;
      status: SubscriptionItem['status'];
      next_billing_date: Date | string;
      amount_cents: number;
      past_due_cents: number | null;
      payment_terms: number;
    }>(
      runtime.db,
      sql`select id, plan_name, status, next_billing_date, amount_cents, past_due_cents, payment_terms
          from checkout.subscriptions where user_id = ${principal.userId}
          order by created_at desc, id desc`,
    );
    return {
      status: 'success' as const,
      subscriptions: subs.map((s) => ({
        id: s.id,
        plan_name: s.plan_name,
        status: s.status,
        next_billing_date: iso(s.next_billing_date),
        // A paused subscription shows (and Pay Now pays) what is past due.
        amount: (s.past_due_cents ?? s.amount_cents) / 100,
        payment_terms: s.payment_terms,
        image: imageOfPlan(s.plan_name),
      })),
    };
  });

  bindRoute(router, transactionItems, async ({ principal }) => {
    const transactions = await rows<{
      id: number;
      transaction_id: string;
      created_at: Date | string;
      amount_cents: number;
      status: string;
      product_name: string;
    }>(
      runtime.db,
      sql`select id, transaction_id, created_at, amount_cents, status, product_name
          from checkout.transactions where user_id = ${principal.userId}
          order by created_at desc, id desc`,
    );
    return {
      status: 'success' as const,
      transactions: transactions.map((t) => ({
        id: t.id,
        transaction_id: t.transaction_id,
        created_at: iso(t.created_at),
        amount: t.amount_cents / 100,
        status: t.status,
        product_name: t.product_name,
      })),
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
