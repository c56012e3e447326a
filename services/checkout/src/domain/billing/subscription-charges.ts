/**
 * Charges of a subscription after checkout: renewals at each billing date (with their retries)
 * and the patient's Pay Now of a paused one (README, "Subscription rules").
 *
 * Every charge goes through the same three steps, because the card processor must never be
 * called inside a database transaction:
 * 1. claim: in one transaction, check the subscription may be charged and write a
 *    `subscription_charges` row ('charging') with the processor key it will be charged with;
 * 2. charge the card with that key, outside any transaction;
 * 3. settle: in one transaction, only if the row is still 'charging', record the outcome (the
 *    transaction, the subscription's new dates or status, its supply, `payment-succeeded`).
 *
 * Guarantees: a renewal attempt of a period has one row (unique per subscription, period and
 * attempt) and one key, so a sweep run twice, or two instances at once, charge it once; a
 * process that dies after step 1 leaves the row 'charging' and the next sweep finishes it with
 * the same key, which gets the processor's first answer rather than a second charge. Pay Now is
 * keyed by the caller's Idempotency-Key, and one at a time per subscription.
 */
import { sql } from 'drizzle-orm';
import {
  billingMessages,
  checkoutMessages,
  paymentSucceeded,
  type PaymentTerm,
} from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import {
  rows,
  type EventWriter,
  type ServiceRuntime,
  type Tx,
  ConflictError,
  InvalidRequestError,
  NotFoundError,
  PaymentRefusedError,
  UnavailableError,
  UnprocessableError,
} from '@clinic/kit';
import {
  ProcessorRequestError,
  type CardProcessor,
  type ChargeResult,
} from '../../payments/card-processor';
import { denyOrder, deniedOrderRefund } from './deny-order';
import { sendPastDueEmail } from './billing-emails';
import { afterDeclinedRenewal, nextBillingDateAfter } from './subscription-rules';
import { recordSupply } from './supply';

interface ChargeRow {
  id: number;
  subscription_id: number;
  kind: 'renewal' | 'pay-now';
  period_start: Date | string;
  attempt: number;
  processor_key: string;
  source: string | null;
  customer_id: string | null;
  amount_cents: number;
  billing_address: unknown;
  status: 'charging' | 'succeeded' | 'declined';
  created_at: Date | string;
}

interface SubscriptionRow {
  id: number;
  order_id: number;
  user_id: number | null;
  plan_name: string;
  payment_terms: PaymentTerm;
  amount_cents: number;
  status: 'active' | 'paused' | 'ended';
  next_billing_date: Date | string;
  retry_at: Date | string | null;
  failed_attempts: number;
  payments_made: number;
  past_due_cents: number | null;
  customer_id: string | null;
  payment_method_id: string | null;
  order_status: string;
  cart_id: string | null;
  plan_id: string;
}

/** What one renewal did, for the sweep's log and the tests. */
export type RenewalOutcome =
  'not-due' | 'charged' | 'retry-scheduled' | 'paused' | 'ended' | 'in-progress';

export type PayNowOutcome = { status: 'success'; message: string };

/** The processor's answer when the charge could not be made at all (no card, a refused request). */
type Outcome = ChargeResult | 'in-progress';

export interface PayNowRequest {
  subscriptionId: number;
  amountCents: number;
  token: string;
  billingAddress: unknown;
  idempotencyKey: string;
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

export class SubscriptionCharges {
  constructor(
    private readonly runtime: ServiceRuntime,
    private readonly processor: CardProcessor,
    private readonly identity: IdentityDirectory | undefined,
    private readonly opts: { settleAfterMs: number },
  ) {}

  /** Subscriptions whose renewal (or a retry of it) is due now. */
  async dueSubscriptions(limit = 500): Promise<number[]> {
    const now = this.runtime.clock.now();
    const due = await rows<{ id: number }>(
      this.runtime.db,
      sql`select id from checkout.subscriptions
          where status = 'active' and next_billing_date <= ${now}
            and (retry_at is null or retry_at <= ${now})
          order by next_billing_date, id limit ${limit}`,
    );
    return due.map((row) => row.id);
  }

  /** Finishes charges left 'charging' longer than the settle delay (a crash, a lost answer). */
  async settleStale(): Promise<number> {
    const before = new Date(this.runtime.clock.now().getTime() - this.opts.settleAfterMs);
    const stale = await rows<ChargeRow>(
      this.runtime.db,
      sql`select * from checkout.subscription_charges
          where status = 'charging' and created_at <= ${before} order by id`,
    );
    for (const row of stale) await this.chargeAndSettle(row);
    return stale.length;
  }

  /** Renews one subscription if its renewal is due (charging its saved card once). */
  async renew(subscriptionId: number): Promise<RenewalOutcome> {
    const now = this.runtime.clock.now();
    const claim = await this.runtime.transaction(async (tx) => {
      const sub = await lockSubscription(tx, subscriptionId);
      if (!sub || sub.status !== 'active') return 'not-due' as const;
      if (new Date(sub.next_billing_date) > now) return 'not-due' as const;
      if (sub.retry_at !== null && new Date(sub.retry_at) > now) return 'not-due' as const;
      if (sub.order_status === 'denied' || sub.order_status === 'cancelled') {
        // No prescription, no medication: the subscription ends instead of charging.
        await tx.execute(
          sql`update checkout.subscriptions
              set status = 'ended', ended_at = ${now}, retry_at = null, updated_at = ${now},
                  ended_reason = ${sub.order_status === 'denied' ? 'prescription_denied' : 'prescription_cancelled'}
              where id = ${sub.id}`,
        );
        return 'ended' as const;
      }
      const periodStart = new Date(sub.next_billing_date);
      const attempt = sub.failed_attempts + 1;
      const [claimed] = await rows<ChargeRow>(
        tx,
        sql`insert into checkout.subscription_charges
              (subscription_id, kind, period_start, attempt, processor_key, source, customer_id,
               amount_cents, status, created_at, updated_at)
            values (${sub.id}, 'renewal', ${periodStart}, ${attempt},
                    ${`renewal-${sub.id}-${dayOf(periodStart)}-${attempt}`},
                    ${sub.payment_method_id}, ${sub.customer_id}, ${sub.amount_cents}, 'charging',
                    ${now}, ${now})
            on conflict (subscription_id, period_start, attempt) where kind = 'renewal' do nothing
            returning *`,
      );
      if (claimed) return claimed;
      // Claimed by another run: finish it only if that run did not (same key, same charge).
      const [existing] = await rows<ChargeRow>(
        tx,
        sql`select * from checkout.subscription_charges
            where subscription_id = ${sub.id} and kind = 'renewal'
              and period_start = ${periodStart} and attempt = ${attempt}`,
      );
      return existing?.status === 'charging' ? existing : ('in-progress' as const);
    });
    if (typeof claim === 'string') return claim;
    return this.chargeAndSettle(claim);
  }

  /**
   * Pays a paused subscription of `userId` with a new card and reactivates it. The amount must
   * be the past-due amount; the card is saved for the renewals that follow.
   */
  async payNow(userId: number, request: PayNowRequest): Promise<PayNowOutcome> {
    const now = this.runtime.clock.now();
    const claim = await this.runtime.transaction(async (tx) => {
      const [done] = await rows<ChargeRow>(
        tx,
        sql`select * from checkout.subscription_charges where processor_key = ${payNowKey(request)}`,
      );
      const sub = await lockSubscription(tx, request.subscriptionId);
      if (!sub || sub.user_id !== userId)
        throw new NotFoundError(billingMessages.notYourSubscription);
      if (done) {
        // The same request again gets its own answer; the key with another card or amount is
        // a different payment.
        if (done.source !== request.token || done.amount_cents !== request.amountCents)
          throw new UnprocessableError(checkoutMessages.idempotencyKeyReused);
        return done;
      }
      if (sub.status !== 'paused' || sub.past_due_cents === null)
        throw new ConflictError(billingMessages.notPastDue);
      if (request.amountCents !== sub.past_due_cents)
        throw new InvalidRequestError(billingMessages.amountMismatch, {
          expected_amount: sub.past_due_cents / 100,
        });
      const [inFlight] = await rows<{ id: number }>(
        tx,
        sql`select id from checkout.subscription_charges
            where subscription_id = ${sub.id} and kind = 'pay-now' and status = 'charging'`,
      );
      if (inFlight)
        throw new ConflictError('A payment for this subscription is already in progress.');
      const [claimed] = await rows<ChargeRow>(
        tx,
        sql`insert into checkout.subscription_charges
              (subscription_id, kind, period_start, attempt, processor_key, source, customer_id,
               amount_cents, billing_address, status, created_at, updated_at)
            values (${sub.id}, 'pay-now', ${new Date(sub.next_billing_date)}, 0,
                    ${payNowKey(request)}, ${request.token}, ${sub.customer_id},
                    ${sub.past_due_cents}, ${JSON.stringify(request.billingAddress)}::jsonb,
                    'charging', ${now}, ${now})
            returning *`,
      );
      if (!claimed) throw new Error('pay-now charge not recorded');
      return claimed;
    });
    if (claim.status === 'charging') await this.chargeAndSettle(claim);
    return this.payNowAnswer(claim.id);
  }

  private async payNowAnswer(chargeId: number): Promise<PayNowOutcome> {
    const [row] = await rows<{ status: string; decline_code: string | null; message: string }>(
      this.runtime.db,
      sql`select status, decline_code, coalesce(decline_message, '') as message
          from checkout.subscription_charges where id = ${chargeId}`,
    );
    if (row?.status === 'succeeded')
      return { status: 'success', message: billingMessages.paymentProcessed };
    if (row?.status === 'declined')
      throw new PaymentRefusedError(row.message || 'Your card was declined.', {
        code: row.decline_code,
      });
    // Unknown at the processor: the sweep finishes it with the same key; the patient sees it then.
    throw new UnavailableError(
      'Your payment is being confirmed. Please check back in a few minutes before paying again.',
    );
  }

  /** Steps 2 and 3: charge with the row's key, then record what happened. */
  private async chargeAndSettle(row: ChargeRow): Promise<RenewalOutcome> {
    const outcome = await this.charge(row);
    if (outcome === 'in-progress') return 'in-progress';
    const settled = await this.runtime.transaction((tx, events) =>
      this.settle(tx, events, row, outcome),
    );
    if (settled.kind === 'paused') await sendPastDueEmail(this.runtime, this.identity, settled);
    if ('refundOrderId' in settled)
      await this.runtime.queue
        .job(deniedOrderRefund)
        .enqueue(
          { orderId: settled.refundOrderId },
          { jobId: `refund-denied-${settled.refundOrderId}-charge-${row.id}` },
        );
    return settled.kind;
  }

  private async charge(row: ChargeRow): Promise<Outcome> {
    if (!row.source)
      return {
        status: 'declined',
        code: 'card_declined',
        message: billingMessages.noSavedCard,
        cardFingerprint: null,
      };
    try {
      return await this.processor.charge({
        amountCents: row.amount_cents,
        source: row.source,
        ...(row.customer_id ? { customerId: row.customer_id } : {}),
        // Pay Now's card replaces the saved one for the renewals that follow.
        ...(row.kind === 'pay-now' ? { saveCard: true } : {}),
        // Derived from the row only, so a re-charge sends the same parameters with the same key.
        description: `Subscription ${row.subscription_id} ${row.kind} ${dayOf(new Date(row.period_start))}`,
        idempotencyKey: row.processor_key,
      });
    } catch (err) {
      if (!(err instanceof ProcessorRequestError)) {
        // Network or processor trouble: whether the card was charged is unknown, so the row
        // stays 'charging' for the sweep to ask again with the same key.
        this.runtime.logger.warn({ err, chargeRow: row.id }, 'subscription charge unanswered');
        return 'in-progress';
      }
      if (err.code === 'idempotency_key_in_use') return 'in-progress';
      // A request the processor refuses (a spent token, a saved card that is gone) is final; the
      // processor's own words (with ids in them) stay in the log.
      this.runtime.logger.warn(
        { err, chargeRow: row.id },
        'processor refused a subscription charge',
      );
      return {
        status: 'declined',
        code: 'processing_error',
        message: billingMessages.invalidCard,
        cardFingerprint: null,
      };
    }
  }

  private async settle(
    tx: Tx,
    events: EventWriter,
    row: ChargeRow,
    result: ChargeResult,
  ): Promise<
    | { kind: 'charged' | 'retry-scheduled' | 'in-progress' | 'not-due' }
    | { kind: 'charged'; refundOrderId: number }
    | {
        kind: 'paused';
        userId: number | null;
        planName: string;
        amountCents: number;
        subscriptionId: number;
        periodStart: Date;
      }
  > {
    const now = this.runtime.clock.now();
    const [claimed] = await rows<{ id: number }>(
      tx,
      sql`update checkout.subscription_charges
          set status = ${result.status === 'succeeded' ? 'succeeded' : 'declined'},
              charge_id = ${result.status === 'succeeded' ? result.chargeId : null},
              decline_code = ${result.status === 'declined' ? result.code : null},
              decline_message = ${result.status === 'declined' ? result.message : null},
              updated_at = ${now}
          where id = ${row.id} and status = 'charging' returning id`,
    );
    if (!claimed) return { kind: 'in-progress' }; // settled by another run
    const sub = await lockSubscription(tx, row.subscription_id);
    if (!sub) throw new Error(`subscription ${row.subscription_id} vanished`);
    const periodStart = new Date(row.period_start);

    if (result.status === 'declined') {
      if (row.kind === 'pay-now') return { kind: 'not-due' }; // still paused; the patient is told
      const next = afterDeclinedRenewal(row.attempt, now);
      if (next.kind === 'retry') {
        await tx.execute(
          sql`update checkout.subscriptions
              set failed_attempts = ${next.failedAttempts}, retry_at = ${next.retryAt}, updated_at = ${now}
              where id = ${sub.id}`,
        );
        return { kind: 'retry-scheduled' };
      }
      await tx.execute(
        sql`update checkout.subscriptions
            set status = 'paused', paused_at = ${now}, past_due_cents = ${row.amount_cents},
                failed_attempts = ${next.failedAttempts}, retry_at = null, updated_at = ${now}
            where id = ${sub.id}`,
      );
      return {
        kind: 'paused',
        userId: sub.user_id,
        planName: sub.plan_name,
        amountCents: row.amount_cents,
        subscriptionId: sub.id,
        periodStart,
      };
    }

    const paymentNumber = sub.payments_made + 1;
    // A renewal pays the period it was due for; Pay Now starts a new period today, since the
    // medication of the missed one was never sent.
    const nextBillingDate =
      row.kind === 'renewal'
        ? nextBillingDateAfter(periodStart, sub.payment_terms)
        : nextBillingDateAfter(now, sub.payment_terms);
    await tx.execute(
      sql`insert into checkout.transactions
            (transaction_id, order_id, user_id, kind, amount_cents, status, product_name,
             customer_id, payment_method_id, card_brand, card_last4, idempotency_key, created_at)
          values (${result.chargeId}, ${sub.order_id}, ${sub.user_id}, 'renewal', ${result.amountCents},
                  'success', ${sub.plan_name}, ${result.customerId ?? sub.customer_id},
                  ${result.paymentMethodId ?? row.source}, ${result.card.brand}, ${result.card.last4},
                  ${row.processor_key}, ${now})`,
    );
    await tx.execute(
      sql`update checkout.subscriptions
          set status = case when status = 'ended' then 'ended' else 'active' end,
              next_billing_date = ${nextBillingDate}, failed_attempts = 0,
              retry_at = null, past_due_cents = null, paused_at = null,
              payments_made = ${paymentNumber}, updated_at = ${now},
              customer_id = coalesce(${result.customerId}, customer_id),
              payment_method_id = ${row.kind === 'pay-now' ? result.paymentMethodId : sub.payment_method_id},
              billing_address = coalesce(${row.billing_address ? JSON.stringify(row.billing_address) : null}::jsonb, billing_address)
          where id = ${sub.id}`,
    );
    await recordSupply(tx, {
      subscriptionId: sub.id,
      transactionId: result.chargeId,
      term: sub.payment_terms,
      paymentNumber,
      paidAt: now,
    });
    if (sub.order_status === 'denied') {
      // Denied while this charge was in flight: it is refunded like the order's other payments.
      await denyOrder(tx, sub.order_id, now);
      return { kind: 'charged', refundOrderId: sub.order_id };
    }
    await events.publish(paymentSucceeded, {
      kind: 'renewal',
      orderId: sub.order_id,
      userId: sub.user_id,
      cartId: sub.cart_id,
      transactionId: result.chargeId,
      amountCents: result.amountCents,
      currency: 'USD',
      paymentTerms: sub.payment_terms,
      productName: sub.plan_name,
      planId: sub.plan_id,
      prescriptionPreauths: [],
      conversionId: null,
      userName: null,
    });
    return { kind: 'charged' };
  }
}

function payNowKey(request: PayNowRequest): string {
  return `pay-now-${request.subscriptionId}-${request.idempotencyKey}`;
}

async function lockSubscription(tx: Tx, id: number): Promise<SubscriptionRow | null> {
  const [sub] = await rows<SubscriptionRow>(
    tx,
    sql`select s.id, s.order_id, s.user_id, s.plan_name, s.payment_terms, s.amount_cents, s.status,
               s.next_billing_date, s.retry_at, s.failed_attempts, s.payments_made,
               s.past_due_cents, s.customer_id, s.payment_method_id,
               o.status as order_status, o.cart_id, o.plan_id
        from checkout.subscriptions s join checkout.orders o on o.id = s.order_id
        where s.id = ${id} for update of s`,
  );
  return sub ?? null;
}
