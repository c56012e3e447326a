import { asc, count, eq, inArray } from 'drizzle-orm';
import request from 'supertest';
import {
  applicationWithdrawn,
  assessmentDenied,
  orderNumber,
  type EventData,
} from '@clinic/contracts';
import { eventually, sleep } from '@clinic/kit/testing';
import {
  orders,
  refunds,
  sandboxCharges,
  sandboxIdempotency,
  subscriptions,
  transactions,
} from '../db/schema';
import { SandboxProcessor } from '../payments/sandbox/sandbox-processor';
import {
  emailOf,
  identityStub,
  startCheckout,
  type CheckoutHarness,
} from '../testing/checkout-harness';
import { requeuePendingRefunds } from './assessment-denied-refund';

const identity = identityStub;

describe('assessment-denied: refund the order', () => {
  let t: CheckoutHarness;
  let service: CheckoutHarness['service'];
  let clock: CheckoutHarness['clock'];

  beforeAll(async () => {
    t = await startCheckout({ identity });
    ({ service, clock } = t);
  });
  afterAll(async () => t.close());

  async function buy(userId: number, opts: { addOn?: boolean } = {}) {
    const as = t.patient(userId);
    const paid = await t.pay(await t.saveCart({ as }), {}, { as });
    expect(paid.status).toBe(200);
    const orderId = paid.body.prescriptionPreauths[0].orderId as number;
    if (opts.addOn) {
      const addOn = await request(service.app)
        .post('/api/add-to-order')
        .set(service.as(as))
        .send({ product: 'glp_anti_nausea' });
      expect(addOn.status).toBe(200);
    }
    return orderId;
  }

  const denial = (orderId: number, userId: number): EventData<typeof assessmentDenied> => ({
    orderId,
    userId,
    reason: 'Contraindicated medication',
    deniedAt: clock.now().toISOString(),
  });

  const deny = (data: EventData<typeof assessmentDenied>) =>
    service.runtime.transaction((_tx, events) => events.publish(assessmentDenied, data));

  const state = async (orderId: number) => ({
    order: (
      await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId))
    )[0]?.status,
    subscription: (
      await t.db
        .select({ status: subscriptions.status })
        .from(subscriptions)
        .where(eq(subscriptions.orderId, orderId))
    )[0]?.status,
    transactions: await t.db
      .select({
        kind: transactions.kind,
        status: transactions.status,
        amount_cents: transactions.amountCents,
      })
      .from(transactions)
      .where(eq(transactions.orderId, orderId))
      .orderBy(asc(transactions.id)),
    charges: await t.db
      .select({ amount_cents: sandboxCharges.amountCents, refund_id: sandboxCharges.refundId })
      .from(sandboxCharges)
      .innerJoin(transactions, eq(transactions.transactionId, sandboxCharges.id))
      .where(eq(transactions.orderId, orderId))
      .orderBy(asc(transactions.id)),
    refunds: await t.db
      .select({
        transaction_id: refunds.transactionId,
        refund_id: refunds.refundId,
        amount_cents: refunds.amountCents,
        status: refunds.status,
        reason: refunds.reason,
      })
      .from(refunds)
      .where(eq(refunds.orderId, orderId))
      .orderBy(asc(refunds.id)),
  });

  /** What checkout published for the order: refund-issued of its charges, subscription-cancelled. */
  async function publishedFor(orderId: number) {
    const charges = (
      await t.db
        .select({ id: transactions.transactionId })
        .from(transactions)
        .where(eq(transactions.orderId, orderId))
        .orderBy(asc(transactions.id))
    ).map((c) => c.id);
    const [sub] = await t.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.orderId, orderId));
    const refunded = (await t.outboxEvents('refund-issued')).map((e) => e.data);
    return {
      refunds: charges.flatMap((id) => refunded.filter((d) => d.transactionId === id)),
      cancelled: (await t.outboxEvents('subscription-cancelled'))
        .map((e) => e.data)
        .filter((d) => d.subscriptionId === sub?.id),
    };
  }

  /** The billing emails to a patient (the order confirmation of the checkout is not one). */
  // The emails after paying: the order's confirmation and the add-on's receipt are not these.
  const emailsTo = async (userId: number) =>
    (await service.engines.mailbox.list({ to: emailOf(userId) })).filter(
      (email) =>
        !email.subject?.includes('is confirmed') && !email.subject?.includes('receipt for order'),
    );

  it('refunds the checkout and the add-on in full, denies the order, ends the subscription and emails once', async () => {
    const orderId = await buy(901, { addOn: true });
    await deny(denial(orderId, 901));

    await eventually(async () => {
      const s = await state(orderId);
      expect(s.order).toBe('denied');
      expect(s.subscription).toBe('ended');
      expect(s.transactions).toEqual([
        { kind: 'checkout', status: 'refunded', amount_cents: 134982 },
        { kind: 'add-on', status: 'refunded', amount_cents: 1997 },
      ]);
      expect(s.charges).toEqual([
        { amount_cents: 134982, refund_id: expect.stringMatching(/^re_/) },
        { amount_cents: 1997, refund_id: expect.stringMatching(/^re_/) },
      ]);
      expect(s.refunds).toEqual(
        s.charges.map((c, i) => ({
          transaction_id: expect.any(String),
          refund_id: c.refund_id,
          amount_cents: [134982, 1997][i],
          status: 'refunded',
          reason: 'assessment_denied',
        })),
      );
      expect(await emailsTo(901)).toHaveLength(1);
    });
    const [email] = await emailsTo(901);
    expect(email?.subject).toBe('Your refund is on its way');
    expect(email?.body).toContain('$1,369.79');
    expect(email?.body).toContain(`for your GLP Clinic order ${orderNumber(orderId)}.`);
    expect(email?.body).toContain('Hi Sam,');
    // Nothing medical in the email.
    expect(email?.body).not.toContain('Contraindicated');

    // One refund-issued per refunded charge, and the subscription's end by the clinic.
    const s = await state(orderId);
    const published = await publishedFor(orderId);
    expect(published.refunds).toEqual(
      s.refunds.map((r) => ({
        transactionId: r.transaction_id,
        refundId: r.refund_id,
        userId: 901,
        amountCents: r.amount_cents,
        currency: 'USD',
        kind: 'denied',
      })),
    );
    expect(published.cancelled).toEqual([
      {
        subscriptionId: expect.any(Number),
        userId: 901,
        by: 'clinic',
        paymentTerms: 6,
        orderId,
      },
    ]);
    expect(JSON.stringify(published)).not.toMatch(/Contraindicated|Tirzepatide/);
  });

  it('refunds once when the same event comes twice and when another denial of the order follows', async () => {
    const orderId = await buy(902, { addOn: true });
    const envelope = await deny(denial(orderId, 902));
    // The same event redelivered by the bus, and a second, different denial of the same order.
    await service.engines.bus.publish([
      { topic: assessmentDenied.name, key: String(orderId), envelope },
    ]);
    await deny(denial(orderId, 902));
    await service.engines.bus.publish([
      { topic: assessmentDenied.name, key: String(orderId), envelope },
    ]);

    await eventually(async () => {
      const s = await state(orderId);
      expect(s.transactions.map((t) => t.status)).toEqual(['refunded', 'refunded']);
      expect(await emailsTo(902)).toHaveLength(1);
    });
    await sleep(300); // anything a duplicate would have done has had time to happen
    const s = await state(orderId);
    expect(s.refunds).toHaveLength(2);
    expect(s.refunds.map((r) => r.refund_id)).toEqual(s.charges.map((c) => c.refund_id));
    const [sandboxRefunds] = await t.db
      .select({ n: count() })
      .from(sandboxIdempotency)
      .where(
        inArray(
          sandboxIdempotency.key,
          s.refunds.map((r) => `refund:refund-${r.transaction_id}`),
        ),
      );
    expect(sandboxRefunds?.n).toBe(2);
    expect(await emailsTo(902)).toHaveLength(1);
    const published = await publishedFor(orderId);
    expect(published.refunds.map((r) => r.transactionId)).toEqual(
      s.refunds.map((r) => r.transaction_id),
    );
    expect(published.cancelled).toHaveLength(1);
    // A later requeue finds nothing pending.
    expect(await requeuePendingRefunds(service.runtime, 0)).toBe(0);
  });

  it('keeps the refund pending through a processor failure and finishes it on the retry', async () => {
    const orderId = await buy(903);
    // The processor refuses the first refund call for this charge (as Stripe's 5xx would).
    const [charge] = await t.db
      .select({ transaction_id: transactions.transactionId })
      .from(transactions)
      .where(eq(transactions.orderId, orderId));
    const sandbox = SandboxProcessor.prototype;
    const realRefund = sandbox.refund;
    let failures = 0;
    const spy = jest.spyOn(sandbox, 'refund').mockImplementation(function (
      this: SandboxProcessor,
      chargeId,
      key,
    ) {
      if (chargeId === charge?.transaction_id && failures === 0) {
        failures += 1;
        return Promise.reject(new Error('processor unavailable'));
      }
      return realRefund.call(this, chargeId, key);
    });
    try {
      await deny(denial(orderId, 903));
      await eventually(async () => expect(failures).toBe(1));
      await sleep(100);
      let s = await state(orderId);
      expect(s.order).toBe('denied');
      expect(s.subscription).toBe('ended');
      expect(s.refunds.map((r) => r.status)).toEqual(['pending']);
      expect(s.transactions.map((t) => t.status)).toEqual(['success']);
      expect(await emailsTo(903)).toHaveLength(0);
      // The failed refund published nothing; the subscription's end was published with the denial.
      expect((await publishedFor(orderId)).refunds).toEqual([]);
      expect((await publishedFor(orderId)).cancelled).toHaveLength(1);

      clock.advance(5_000); // past the job's first backoff
      await eventually(async () => {
        s = await state(orderId);
        expect(s.refunds.map((r) => r.status)).toEqual(['refunded']);
        expect(s.transactions.map((t) => t.status)).toEqual(['refunded']);
        expect(s.charges[0]?.refund_id).toMatch(/^re_/);
        expect(await emailsTo(903)).toHaveLength(1);
      });
      expect((await emailsTo(903))[0]?.body).toContain('$1,349.82');
      expect((await publishedFor(orderId)).refunds).toEqual([
        expect.objectContaining({
          amountCents: 134982,
          kind: 'denied',
          refundId: s.charges[0]?.refund_id,
        }),
      ]);
    } finally {
      spy.mockRestore();
    }
  });

  it('cancels and refunds in full an application the patient withdrew with Process Refund, once', async () => {
    const orderId = await buy(904, { addOn: true });
    const withdraw = () =>
      service.runtime.transaction((_tx, events) =>
        events.publish(applicationWithdrawn, {
          orderId,
          userId: 904,
          withdrawnAt: clock.now().toISOString(),
        }),
      );
    await withdraw();
    await withdraw();
    await eventually(async () => {
      const s = await state(orderId);
      expect(s.order).toBe('cancelled');
      expect(s.subscription).toBe('ended');
      expect(s.transactions.map((x) => x.status)).toEqual(['refunded', 'refunded']);
      expect(s.refunds.map((r) => [r.status, r.reason])).toEqual([
        ['refunded', 'application_withdrawn'],
        ['refunded', 'application_withdrawn'],
      ]);
      expect(await emailsTo(904)).toHaveLength(1);
    });
    expect((await emailsTo(904))[0]?.subject).toBe('Your refund is on its way');
    const published = await publishedFor(orderId);
    expect(published.refunds.map((r) => [r.kind, r.amountCents])).toEqual([
      ['withdrawn', 134982],
      ['withdrawn', 1997],
    ]);
    expect(published.cancelled).toEqual([
      {
        subscriptionId: expect.any(Number),
        userId: 904,
        by: 'clinic',
        paymentTerms: 6,
        orderId,
      },
    ]);
  });
});
