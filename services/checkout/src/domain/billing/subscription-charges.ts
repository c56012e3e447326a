/**
 * Charges of a subscription after checkout: renewals at each billing date (with their retries)
 * and the patient's Pay Now of a paused one (docs/architecture/subscriptions-and-billing.md).
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
import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  billingMessages,
  checkoutMessages,
  paymentSucceeded,
  subscriptionCancelled,
  type CheckoutAddress,
} from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import {
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
import { orders, subscriptionCharges, subscriptions, transactions } from '../../db/schema';
import {
  ProcessorRequestError,
  type CardProcessor,
  type ChargeResult,
} from '../../payments/card-processor';
import { deniedOrderRefund } from '../../jobs/definitions/refund-denied-order';
import { renewalReceipt, renewalReceiptJobId } from '../../jobs/definitions/renewal-receipt-email';
import { denyOrder } from './deny-order';
import { sendPastDueEmail } from './billing-emails';
import { afterDeclinedRenewal, nextBillingDateAfter } from './subscription-rules';
import { recordSupply } from './supply';

type ChargeRow = typeof subscriptionCharges.$inferSelect;

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
  billingAddress: Omit<CheckoutAddress, 'id'>;
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
    const s = subscriptions;
    const due = await this.runtime.db
      .select({ id: s.id })
      .from(s)
      .where(
        and(
          eq(s.status, 'active'),
          lte(s.nextBillingDate, now),
          or(isNull(s.retryAt), lte(s.retryAt, now)),
        ),
      )
      .orderBy(asc(s.nextBillingDate), asc(s.id))
      .limit(limit);
    return due.map((row) => row.id);
  }

  /** Finishes charges left 'charging' longer than the settle delay (a crash, a lost answer). */
  async settleStale(): Promise<number> {
    const before = new Date(this.runtime.clock.now().getTime() - this.opts.settleAfterMs);
    const c = subscriptionCharges;
    const stale = await this.runtime.db
      .select()
      .from(c)
      .where(and(eq(c.status, 'charging'), lte(c.createdAt, before)))
      .orderBy(asc(c.id));
    for (const row of stale) await this.chargeAndSettle(row);
    return stale.length;
  }

  /** Renews one subscription if its renewal is due (charging its saved card once). */
  async renew(subscriptionId: number): Promise<RenewalOutcome> {
    const now = this.runtime.clock.now();
    const claim = await this.runtime.transaction(async (tx, events) => {
      const sub = await lockSubscription(tx, subscriptionId);
      if (!sub || sub.status !== 'active') return 'not-due' as const;
      if (sub.nextBillingDate > now) return 'not-due' as const;
      if (sub.retryAt !== null && sub.retryAt > now) return 'not-due' as const;
      if (sub.orderStatus === 'denied' || sub.orderStatus === 'cancelled') {
        // No prescription, no medication: the subscription ends instead of charging.
        await tx
          .update(subscriptions)
          .set({
            status: 'ended',
            endedAt: now,
            retryAt: null,
            updatedAt: now,
            endedReason:
              sub.orderStatus === 'denied' ? 'prescription_denied' : 'prescription_cancelled',
          })
          .where(eq(subscriptions.id, sub.id));
        await events.publish(subscriptionCancelled, {
          subscriptionId: sub.id,
          userId: sub.userId,
          by: 'clinic',
          paymentTerms: sub.paymentTerms,
          orderId: sub.orderId,
        });
        return 'ended' as const;
      }
      const periodStart = sub.nextBillingDate;
      const attempt = sub.failedAttempts + 1;
      const c = subscriptionCharges;
      const [claimed] = await tx
        .insert(c)
        .values({
          subscriptionId: sub.id,
          kind: 'renewal',
          periodStart,
          attempt,
          processorKey: `renewal-${sub.id}-${dayOf(periodStart)}-${attempt}`,
          source: sub.paymentMethodId,
          customerId: sub.customerId,
          amountCents: sub.amountCents,
          status: 'charging',
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({
          target: [c.subscriptionId, c.periodStart, c.attempt],
          // The partial unique index's predicate, written as a literal for Postgres to match it.
          where: sql`${c.kind} = 'renewal'`,
        })
        .returning();
      if (claimed) return claimed;
      // Claimed by another run: finish it only if that run did not (same key, same charge).
      const [existing] = await tx
        .select()
        .from(c)
        .where(
          and(
            eq(c.subscriptionId, sub.id),
            eq(c.kind, 'renewal'),
            eq(c.periodStart, periodStart),
            eq(c.attempt, attempt),
          ),
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
      const c = subscriptionCharges;
      const [done] = await tx
        .select()
        .from(c)
        .where(eq(c.processorKey, payNowKey(request)));
      const sub = await lockSubscription(tx, request.subscriptionId);
      if (!sub || sub.userId !== userId)
        throw new NotFoundError(billingMessages.notYourSubscription);
      if (done) {
        // The same request again gets its own answer; the key with another card or amount is
        // a different payment.
        if (done.source !== request.token || done.amountCents !== request.amountCents)
          throw new UnprocessableError(checkoutMessages.idempotencyKeyReused);
        return done;
      }
      if (sub.status !== 'paused' || sub.pastDueCents === null)
        throw new ConflictError(billingMessages.notPastDue);
      if (request.amountCents !== sub.pastDueCents)
        throw new InvalidRequestError(billingMessages.amountMismatch, {
          expected_amount: sub.pastDueCents / 100,
        });
      const [inFlight] = await tx
        .select({ id: c.id })
        .from(c)
        .where(and(eq(c.subscriptionId, sub.id), eq(c.kind, 'pay-now'), eq(c.status, 'charging')));
      if (inFlight)
        throw new ConflictError('A payment for this subscription is already in progress.');
      const [claimed] = await tx
        .insert(c)
        .values({
          subscriptionId: sub.id,
          kind: 'pay-now',
          periodStart: sub.nextBillingDate,
          attempt: 0,
          processorKey: payNowKey(request),
          source: request.token,
          customerId: sub.customerId,
          amountCents: sub.pastDueCents,
          billingAddress: request.billingAddress,
          status: 'charging',
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!claimed) throw new Error('pay-now charge not recorded');
      return claimed;
    });
    if (claim.status === 'charging') await this.chargeAndSettle(claim);
    return this.payNowAnswer(claim.id);
  }

  private async payNowAnswer(chargeId: number): Promise<PayNowOutcome> {
    const c = subscriptionCharges;
    const [row] = await this.runtime.db
      .select({ status: c.status, declineCode: c.declineCode, message: c.declineMessage })
      .from(c)
      .where(eq(c.id, chargeId));
    if (row?.status === 'succeeded')
      return { status: 'success', message: billingMessages.paymentProcessed };
    if (row?.status === 'declined')
      throw new PaymentRefusedError(row.message || 'Your card was declined.', {
        code: row.declineCode,
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
        amountCents: row.amountCents,
        source: row.source,
        ...(row.customerId ? { customerId: row.customerId } : {}),
        // Pay Now's card replaces the saved one for the renewals that follow.
        ...(row.kind === 'pay-now' ? { saveCard: true } : {}),
        // Derived from the row only, so a re-charge sends the same parameters with the same key.
        description: `Subscription ${row.subscriptionId} ${row.kind} ${dayOf(row.periodStart)}`,
        idempotencyKey: row.processorKey,
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
    const c = subscriptionCharges;
    const [claimed] = await tx
      .update(c)
      .set({
        status: result.status === 'succeeded' ? 'succeeded' : 'declined',
        chargeId: result.status === 'succeeded' ? result.chargeId : null,
        declineCode: result.status === 'declined' ? result.code : null,
        declineMessage: result.status === 'declined' ? result.message : null,
        updatedAt: now,
      })
      .where(and(eq(c.id, row.id), eq(c.status, 'charging')))
      .returning({ id: c.id });
    if (!claimed) return { kind: 'in-progress' }; // settled by another run
    const sub = await lockSubscription(tx, row.subscriptionId);
    if (!sub) throw new Error(`subscription ${row.subscriptionId} vanished`);
    const periodStart = row.periodStart;

    if (result.status === 'declined') {
      if (row.kind === 'pay-now') return { kind: 'not-due' }; // still paused; the patient is told
      const next = afterDeclinedRenewal(row.attempt, now);
      if (next.kind === 'retry') {
        await tx
          .update(subscriptions)
          .set({ failedAttempts: next.failedAttempts, retryAt: next.retryAt, updatedAt: now })
          .where(eq(subscriptions.id, sub.id));
        return { kind: 'retry-scheduled' };
      }
      await tx
        .update(subscriptions)
        .set({
          status: 'paused',
          pausedAt: now,
          pastDueCents: row.amountCents,
          failedAttempts: next.failedAttempts,
          retryAt: null,
          updatedAt: now,
        })
        .where(eq(subscriptions.id, sub.id));
      return {
        kind: 'paused',
        userId: sub.userId,
        planName: sub.planName,
        amountCents: row.amountCents,
        subscriptionId: sub.id,
        periodStart,
      };
    }

    const paymentNumber = sub.paymentsMade + 1;
    // A renewal pays the period it was due for; Pay Now starts a new period today, since the
    // medication of the missed one was never sent.
    const nextBillingDate =
      row.kind === 'renewal'
        ? nextBillingDateAfter(periodStart, sub.paymentTerms)
        : nextBillingDateAfter(now, sub.paymentTerms);
    await tx.insert(transactions).values({
      transactionId: result.chargeId,
      orderId: sub.orderId,
      userId: sub.userId,
      kind: 'renewal',
      amountCents: result.amountCents,
      status: 'success',
      productName: sub.planName,
      customerId: result.customerId ?? sub.customerId,
      paymentMethodId: result.paymentMethodId ?? row.source,
      cardBrand: result.card.brand,
      cardLast4: result.card.last4,
      idempotencyKey: row.processorKey,
      createdAt: now,
    });
    const s = subscriptions;
    await tx
      .update(s)
      .set({
        status: sql`case when ${s.status} = 'ended' then 'ended' else 'active' end`,
        nextBillingDate,
        failedAttempts: 0,
        retryAt: null,
        pastDueCents: null,
        pausedAt: null,
        paymentsMade: paymentNumber,
        updatedAt: now,
        paymentMethodId: row.kind === 'pay-now' ? result.paymentMethodId : sub.paymentMethodId,
        // Kept as they are when the charge brings none (undefined leaves a column unset).
        customerId: result.customerId ?? undefined,
        billingAddress: row.billingAddress ?? undefined,
      })
      .where(eq(s.id, sub.id));
    const supply = await recordSupply(tx, {
      subscriptionId: sub.id,
      transactionId: result.chargeId,
      term: sub.paymentTerms,
      paymentNumber,
      paidAt: now,
    });
    if (sub.orderStatus === 'denied') {
      // Denied while this charge was in flight: it is refunded like the order's other payments.
      await denyOrder(tx, events, sub.orderId, now);
      return { kind: 'charged', refundOrderId: sub.orderId };
    }
    await events.publish(paymentSucceeded, {
      kind: 'renewal',
      orderId: sub.orderId,
      userId: sub.userId,
      cartId: sub.cartId,
      transactionId: result.chargeId,
      amountCents: result.amountCents,
      currency: 'USD',
      paymentTerms: sub.paymentTerms,
      productName: sub.planName,
      planId: sub.planId,
      prescriptionPreauths: [],
      conversionId: null,
      userName: null,
      supply: supply.map((s) => ({ shipOn: s.shipOn.toISOString(), vials: s.vials })),
    });
    if (sub.userId !== null)
      await this.runtime.queue.job(renewalReceipt).enqueueAfterCommit(
        tx,
        {
          orderId: sub.orderId,
          userId: sub.userId,
          transactionId: result.chargeId,
          planName: sub.planName,
          amountCents: result.amountCents,
          cardLast4: result.card.last4 ?? null,
          chargedAt: now.toISOString(),
          // Cancelled while the charge was in flight: no renewal comes after it.
          nextBillingDate: sub.status === 'ended' ? null : nextBillingDate.toISOString(),
        },
        { jobId: renewalReceiptJobId(result.chargeId) },
      );
    return { kind: 'charged' };
  }
}

function payNowKey(request: PayNowRequest): string {
  return `pay-now-${request.subscriptionId}-${request.idempotencyKey}`;
}

/** Aliased so `for update of s` can name it: the order's row is read, not locked. */
const locked = alias(subscriptions, 's');

/** The subscription, locked, with its order's status, cart and plan. */
async function lockSubscription(tx: Tx, id: number) {
  const [sub] = await tx
    .select({
      id: locked.id,
      orderId: locked.orderId,
      userId: locked.userId,
      planName: locked.planName,
      paymentTerms: locked.paymentTerms,
      amountCents: locked.amountCents,
      status: locked.status,
      nextBillingDate: locked.nextBillingDate,
      retryAt: locked.retryAt,
      failedAttempts: locked.failedAttempts,
      paymentsMade: locked.paymentsMade,
      pastDueCents: locked.pastDueCents,
      customerId: locked.customerId,
      paymentMethodId: locked.paymentMethodId,
      orderStatus: orders.status,
      cartId: orders.cartId,
      planId: orders.planId,
    })
    .from(locked)
    .innerJoin(orders, eq(orders.id, locked.orderId))
    .where(eq(locked.id, id))
    .for('update', { of: locked });
  return sub ?? null;
}
