import { and, asc, count, eq, like, sql } from 'drizzle-orm';
import request from 'supertest';
import { assessmentDenied, termPrices, type Principal } from '@clinic/contracts';
import { eventually, sleep } from '@clinic/kit/testing';
import {
  orders,
  sandboxCharges,
  subscriptions,
  supplyShipments,
  transactions,
} from '../../db/schema';
import { SandboxProcessor } from '../../payments/sandbox/sandbox-processor';
import {
  cards,
  emailOf,
  identityStub,
  shipping,
  startCheckout,
  type CheckoutHarness,
} from '../../testing/checkout-harness';
import { SubscriptionCharges } from './subscription-charges';
import { renewalSweep } from '../../jobs/definitions/renewal-sweep';

const dayMs = 24 * 60 * 60 * 1000;
const identity = identityStub;

interface SubscriptionState {
  id: number;
  status: string;
  next_billing_date: Date;
  failed_attempts: number;
  retry_at: Date | null;
  past_due_cents: number | null;
  payments_made: number;
  ended_reason: string | null;
}

describe('subscription renewals', () => {
  let t: CheckoutHarness;
  let charges: SubscriptionCharges;

  beforeAll(async () => {
    // The sweep job is kept out of the way (a sweep a year apart), so each test drives renewals.
    t = await startCheckout({ identity, renewalSweepMs: 365 * dayMs });
    charges = new SubscriptionCharges(
      t.service.runtime,
      new SandboxProcessor(t.service.engines.database, t.service.runtime.clock),
      identity,
      { settleAfterMs: 120_000 },
    );
  });
  afterAll(async () => t.close());

  async function subscribe(
    userId: number,
    term: 1 | 6 = 6,
  ): Promise<Principal & { subId: number }> {
    const as = t.patient(userId);
    const paid = await t.pay(
      await t.saveCart({ as }),
      term === 1 ? { payment_terms: 1, amount: 22499 } : {},
      { as },
    );
    expect(paid.status).toBe(200);
    const [sub] = await t.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId));
    return { ...as, subId: sub!.id };
  }

  async function subscription(id: number): Promise<SubscriptionState> {
    const s = subscriptions;
    const [sub] = await t.db
      .select({
        id: s.id,
        status: s.status,
        next_billing_date: s.nextBillingDate,
        failed_attempts: s.failedAttempts,
        retry_at: s.retryAt,
        past_due_cents: s.pastDueCents,
        payments_made: s.paymentsMade,
        ended_reason: s.endedReason,
      })
      .from(s)
      .where(eq(s.id, id));
    return sub!;
  }

  const renewalsOf = (subId: number) =>
    t.db
      .select({ amount_cents: transactions.amountCents, kind: transactions.kind })
      .from(transactions)
      .innerJoin(subscriptions, eq(subscriptions.orderId, transactions.orderId))
      .where(and(eq(subscriptions.id, subId), eq(transactions.kind, 'renewal')));

  const chargesFor = async (subId: number) =>
    (
      await t.db
        .select({ n: count() })
        .from(sandboxCharges)
        .where(
          and(
            like(sandboxCharges.description, `Subscription ${subId} %`),
            eq(sandboxCharges.status, 'succeeded'),
          ),
        )
    )[0]!.n;

  const orderOf = async (subId: number) =>
    (
      await t.db
        .select({ id: subscriptions.orderId })
        .from(subscriptions)
        .where(eq(subscriptions.id, subId))
    )[0];

  /** Moves the clock to just after the subscription's billing date. */
  async function reachBillingDate(subId: number) {
    const due = (await subscription(subId)).next_billing_date;
    const ahead = due.getTime() + 60_000 - t.clock.now().getTime();
    if (ahead > 0) t.clock.advance(ahead);
  }

  async function switchCard(as: Principal, number: string) {
    const res = await request(t.service.app)
      .post('/api/update-card')
      .set(t.service.as(as))
      .send({ token: await t.token(number), details: null, billingAddress: shipping });
    expect(res.status).toBe(200);
  }

  it('charges the saved card at the billing date, once, and moves the date a term on', async () => {
    const patient = await subscribe(1101);
    const before = await subscription(patient.subId);
    expect(before.next_billing_date.toISOString()).toBe('2027-05-22T12:00:00.000Z');
    expect(await charges.renew(patient.subId)).toBe('not-due');

    await reachBillingDate(patient.subId);
    // Two sweeps at once, as two instances would run them: one charge.
    const outcomes = await Promise.all([
      charges.renew(patient.subId),
      charges.renew(patient.subId),
    ]);
    expect(outcomes).toContain('charged');
    expect(await charges.renew(patient.subId)).toBe('not-due');
    expect(await chargesFor(patient.subId)).toBe(1);
    expect(await renewalsOf(patient.subId)).toEqual([
      { amount_cents: termPrices.tirzepatide[6], kind: 'renewal' },
    ]);
    const after = await subscription(patient.subId);
    expect(after).toMatchObject({ status: 'active', failed_attempts: 0, payments_made: 2 });
    expect(after.next_billing_date.toISOString()).toBe('2027-11-22T12:00:00.000Z');
    // A 6-month payment ships 3 vials now and 3 more 90 days later.
    const shipments = await t.db
      .select({ vials: supplyShipments.vials })
      .from(supplyShipments)
      .where(eq(supplyShipments.subscriptionId, patient.subId));
    expect(shipments).toHaveLength(4);
  });

  it('retries a declined renewal after 1 day and 2 more days, then pauses it and emails once', async () => {
    const patient = await subscribe(1102);
    await switchCard(patient, '4000000000000341'); // attaches, then every charge is declined
    await reachBillingDate(patient.subId);

    expect(await charges.renew(patient.subId)).toBe('retry-scheduled');
    let sub = await subscription(patient.subId);
    expect(sub).toMatchObject({ status: 'active', failed_attempts: 1 });
    expect(sub.retry_at!.getTime() - t.clock.now().getTime()).toBe(dayMs);
    expect(await charges.renew(patient.subId)).toBe('not-due'); // not before the retry

    t.clock.advance(dayMs);
    expect(await charges.renew(patient.subId)).toBe('retry-scheduled');
    sub = await subscription(patient.subId);
    expect(sub.failed_attempts).toBe(2);
    expect(sub.retry_at!.getTime() - t.clock.now().getTime()).toBe(2 * dayMs);

    t.clock.advance(2 * dayMs);
    expect(await charges.renew(patient.subId)).toBe('paused');
    sub = await subscription(patient.subId);
    expect(sub).toMatchObject({
      status: 'paused',
      failed_attempts: 3,
      retry_at: null,
      past_due_cents: termPrices.tirzepatide[6],
    });
    expect(await charges.renew(patient.subId)).toBe('not-due'); // paused: no more charges
    expect(await renewalsOf(patient.subId)).toEqual([]);

    // The patient also has the order's confirmation, queued when they first paid.
    const paymentFailed = async () =>
      (await t.service.engines.mailbox.list({ to: emailOf(1102) })).filter(
        (m) => m.subject === 'Your payment did not go through',
      );
    await eventually(async () => expect(await paymentFailed()).toHaveLength(1));
    const [email] = await paymentFailed();
    expect(email?.body).toContain('$1,349.82');
    expect(email?.body).toContain('Pay Now');

    // The billing tab shows it as past due, for what is owed.
    const items = await request(t.service.app)
      .get('/api/subscription-items')
      .set(t.service.as(patient));
    expect(items.body.subscriptions[0]).toMatchObject({ status: 'paused', amount: 1349.82 });
  });

  it('pays a past-due subscription now with a new card and reactivates it', async () => {
    const patient = await subscribe(1103, 1);
    await switchCard(patient, '4000000000000341');
    await reachBillingDate(patient.subId);
    for (const wait of [0, dayMs, 2 * dayMs]) {
      t.clock.advance(wait);
      await charges.renew(patient.subId);
    }
    expect((await subscription(patient.subId)).status).toBe('paused');

    const payNow = async (amount: number, key: string) =>
      request(t.service.app)
        .post('/api/process-subs-payment')
        .set(t.service.as(patient))
        .set('Idempotency-Key', key)
        .send({
          token: await t.token(cards.visa),
          details: { brand: 'visa', last4: '4242' },
          billingAddress: shipping,
          subscription_id: patient.subId,
          amount,
        });
    const wrong = await payNow(100, 'pay-now-wrong-amount');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(
      'The amount does not match what is past due. Please refresh the page.',
    );
    const paid = await payNow(349.97, 'pay-now-1103');
    expect(paid.body).toEqual({ status: 'success', message: 'Payment processed successfully' });
    const sub = await subscription(patient.subId);
    expect(sub).toMatchObject({
      status: 'active',
      past_due_cents: null,
      failed_attempts: 0,
      payments_made: 2,
    });
    // The paid period starts today.
    expect(sub.next_billing_date.getTime()).toBe(
      new Date(t.clock.now()).setUTCMonth(t.clock.now().getUTCMonth() + 1),
    );
    expect(await renewalsOf(patient.subId)).toEqual([{ amount_cents: 34997, kind: 'renewal' }]);

    // The new card is the saved one: the next renewal charges it.
    await reachBillingDate(patient.subId);
    expect(await charges.renew(patient.subId)).toBe('charged');
    expect((await subscription(patient.subId)).payments_made).toBe(3);
  });

  it('ends instead of charging when the prescription was denied', async () => {
    const patient = await subscribe(1104);
    const order = await orderOf(patient.subId);
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, order!.id));
    await reachBillingDate(patient.subId);
    expect(await charges.renew(patient.subId)).toBe('ended');
    expect(await subscription(patient.subId)).toMatchObject({
      status: 'ended',
      ended_reason: 'prescription_cancelled',
    });
    expect(await chargesFor(patient.subId)).toBe(0);
    const cancelled = (await t.outboxEvents('subscription-cancelled')).filter(
      (e) => e.data.subscriptionId === patient.subId,
    );
    expect(cancelled.map((e) => e.data)).toEqual([
      {
        subscriptionId: patient.subId,
        userId: 1104,
        by: 'clinic',
        paymentTerms: 6,
        orderId: (await orderOf(patient.subId))!.id,
      },
    ]);
  });

  it('refunds a renewal whose order was denied while it was being charged', async () => {
    const patient = await subscribe(1105);
    const order = await orderOf(patient.subId);
    await reachBillingDate(patient.subId);
    const sandbox = SandboxProcessor.prototype;
    const realCharge = sandbox.charge;
    const spy = jest.spyOn(sandbox, 'charge').mockImplementation(async function (
      this: SandboxProcessor,
      req,
    ) {
      const result = await realCharge.call(this, req);
      // The clinician's denial lands between the charge and its settlement.
      await t.service.runtime.transaction((_tx, events) =>
        events.publish(assessmentDenied, {
          orderId: order!.id,
          userId: patient.userId,
          reason: 'Not a candidate',
          deniedAt: t.clock.now().toISOString(),
        }),
      );
      await eventually(async () => {
        const [o] = await t.db
          .select({ status: orders.status })
          .from(orders)
          .where(eq(orders.id, order!.id));
        expect(o?.status).toBe('denied');
      });
      return result;
    });
    try {
      expect(await charges.renew(patient.subId)).toBe('charged');
    } finally {
      spy.mockRestore();
    }
    await eventually(async () => {
      const refunded = await t.db
        .select({ kind: transactions.kind, status: transactions.status })
        .from(transactions)
        .where(eq(transactions.orderId, order!.id))
        .orderBy(asc(transactions.id));
      expect(refunded).toEqual([
        { kind: 'checkout', status: 'refunded' },
        { kind: 'renewal', status: 'refunded' },
      ]);
    });
    expect((await subscription(patient.subId)).status).toBe('ended');
    // Each charge's refund published once, and the subscription's end once (with the denial).
    const paid = await t.db
      .select({ id: transactions.transactionId, amount: transactions.amountCents })
      .from(transactions)
      .where(eq(transactions.orderId, order!.id))
      .orderBy(asc(transactions.id));
    const refunds = (await t.outboxEvents('refund-issued')).map((e) => e.data);
    expect(
      paid.map((c) => refunds.filter((r) => r.transactionId === c.id).map((r) => r.amountCents)),
    ).toEqual(paid.map((c) => [c.amount]));
    const cancelled = await t.outboxEvents('subscription-cancelled');
    expect(cancelled.filter((e) => e.data.subscriptionId === patient.subId)).toHaveLength(1);
  });

  it('finishes a renewal a crash left charging, with the same key: one charge', async () => {
    const patient = await subscribe(1106);
    await reachBillingDate(patient.subId);
    const sandbox = SandboxProcessor.prototype;
    const realCharge = sandbox.charge;
    const spy = jest.spyOn(sandbox, 'charge').mockImplementationOnce(async function (
      this: SandboxProcessor,
      req,
    ) {
      await realCharge.call(this, req); // charged, but the answer is lost
      throw new Error('connection reset');
    });
    try {
      expect(await charges.renew(patient.subId)).toBe('in-progress');
    } finally {
      spy.mockRestore();
    }
    expect(await chargesFor(patient.subId)).toBe(1);
    expect(await renewalsOf(patient.subId)).toEqual([]);
    expect(await charges.settleStale()).toBe(0); // not stale yet

    t.clock.advance(121_000);
    expect(await charges.settleStale()).toBe(1);
    expect(await chargesFor(patient.subId)).toBe(1);
    expect(await renewalsOf(patient.subId)).toHaveLength(1);
    expect((await subscription(patient.subId)).payments_made).toBe(2);
  });
});

describe('the renewal sweep job', () => {
  it('runs by the clock, renews what is due and queues the next hour', async () => {
    const t = await startCheckout({ identity });
    try {
      const as = t.patient(1201);
      expect((await t.pay(await t.saveCart({ as }), {}, { as })).status).toBe(200);
      t.clock.advance(182 * dayMs); // past 2027-05-22
      await eventually(async () => {
        const renewed = await t.db
          .select({ n: count() })
          .from(transactions)
          .where(and(eq(transactions.userId, 1201), eq(transactions.kind, 'renewal')));
        expect(renewed[0]?.n).toBe(1);
      }, 20_000);
      await sleep(200);
      // The job queue is the kit's table: checkout's schema does not declare it.
      const next = await t.query<{ id: string; run_at: Date }>(
        sql`select id, run_at from checkout.jobs where name = ${renewalSweep.name}
            and status = 'waiting' order by run_at`,
      );
      expect(next).toHaveLength(1);
      expect(new Date(next[0]!.run_at).getTime()).toBeGreaterThan(t.clock.now().getTime());
    } finally {
      await t.close();
    }
  });
});
