import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import request from 'supertest';
import {
  antiNausea,
  billingMessages,
  checkoutMessages,
  regularMonthlyCents,
  type Principal,
} from '@clinic/contracts';
import { eventually, sleep } from '@clinic/kit/testing';
import {
  sandboxPaymentMethods,
  sandboxTokens,
  subscriptionCancellations,
  subscriptions,
  transactions,
} from '../db/schema';
import { SubscriptionCharges } from '../domain/billing/subscription-charges';
import { SandboxProcessor } from '../payments/sandbox/sandbox-processor';
import {
  cards,
  emailOf,
  identityStub,
  startCheckout,
  type CheckoutHarness,
} from '../testing/checkout-harness';

const identity = identityStub;

/** So long that the service's own renewal sweep never runs while a test moves the clock. */
const noSweeps = 100 * 365 * 24 * 60 * 60 * 1000;

const minute = 60 * 1000;
const day = 24 * 60 * minute;

const billingAddress = {
  addressLine1: '500 W 2nd St',
  addressLine2: 'Suite 19',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
};

/** A 0341 card attaches (Update Card works) and is declined whenever it is charged. */
const declinesAfterAttaching = '4000000000000341';

interface SubscriptionRow {
  id: number;
  order_id: number;
  status: string;
  payment_method_id: string | null;
  customer_id: string | null;
  amount_cents: number;
  past_due_cents: number | null;
  next_billing_date: Date;
  billing_address: unknown;
  payments_made: number;
  failed_attempts: number;
}

function billingApi(t: CheckoutHarness) {
  const app = t.service.app;
  const auth = (as: Principal | null) => (as ? t.service.as(as) : {});
  return {
    subscriptions: (as: Principal | null) =>
      request(app).get('/api/subscription-items').set(auth(as)),
    transactions: (as: Principal | null) =>
      request(app).get('/api/transaction-items').set(auth(as)),
    cancel: (as: Principal | null, body: Record<string, unknown>) =>
      request(app).post('/api/cancle-subs').set(auth(as)).send(body),
    updateCard: (as: Principal | null, body: Record<string, unknown>) =>
      request(app).post('/api/update-card').set(auth(as)).send(body),
    payNow: (as: Principal | null, body: Record<string, unknown>, key: string | null) => {
      const req = request(app).post('/api/process-subs-payment').set(auth(as));
      if (key !== null) req.set('Idempotency-Key', key);
      return req.send(body);
    },
    async subscriptionOf(userId: number): Promise<SubscriptionRow> {
      const s = subscriptions;
      const [sub]: SubscriptionRow[] = await t.db
        .select({
          id: s.id,
          order_id: s.orderId,
          status: s.status,
          payment_method_id: s.paymentMethodId,
          customer_id: s.customerId,
          amount_cents: s.amountCents,
          past_due_cents: s.pastDueCents,
          next_billing_date: s.nextBillingDate,
          billing_address: s.billingAddress,
          payments_made: s.paymentsMade,
          failed_attempts: s.failedAttempts,
        })
        .from(s)
        .where(eq(s.userId, userId))
        .orderBy(desc(s.id))
        .limit(1);
      if (!sub) throw new Error(`patient ${userId} has no subscription`);
      return sub;
    },
    async cancellationsOf(subscriptionId: number) {
      const c = subscriptionCancellations;
      return t.db
        .select({
          user_id: c.userId,
          reasons: c.reasons,
          recommend: c.recommend,
          within_commitment: c.withinCommitment,
          early_termination_cents: c.earlyTerminationCents,
        })
        .from(c)
        .where(eq(c.subscriptionId, subscriptionId));
    },
    async tokenUsed(token: string): Promise<boolean> {
      const [row] = await t.db
        .select({ usedAt: sandboxTokens.usedAt })
        .from(sandboxTokens)
        .where(eq(sandboxTokens.id, token));
      return row?.usedAt !== null && row?.usedAt !== undefined;
    },
  };
}

/** A 6-month Tirzepatide checkout (or the monthly plan) of `as`, paid with a 4242 card. */
async function buy(t: CheckoutHarness, as: Principal, term: 1 | 6 = 6) {
  const cartId = await t.saveCart({ as });
  const paid = await t.pay(cartId, term === 1 ? { payment_terms: 1, amount: 22499 } : {}, { as });
  expect(paid.status).toBe(200);
  return paid.body as { transaction_id: string; prescriptionPreauths: { orderId: number }[] };
}

describe('billing API', () => {
  let t: CheckoutHarness;
  let api: ReturnType<typeof billingApi>;

  beforeAll(async () => {
    t = await startCheckout({ identity, renewalSweepMs: noSweeps });
    api = billingApi(t);
  });
  afterAll(async () => t.close());

  describe('GET /api/subscription-items and /api/transaction-items', () => {
    const buyer = { userId: 701, role: 'patient', sessionId: 'session-701' } as Principal;
    const other = { userId: 702, role: 'patient', sessionId: 'session-702' } as Principal;
    let checkoutId: string;
    let otherCheckoutId: string;
    let addOnId: string;

    beforeAll(async () => {
      checkoutId = (await buy(t, buyer)).transaction_id;
      otherCheckoutId = (await buy(t, other)).transaction_id;
      t.clock.advance(5 * minute);
      const addOn = await request(t.service.app)
        .post('/api/add-to-order')
        .set(t.service.as(buyer))
        .set('Idempotency-Key', randomUUID())
        .send({ product: 'glp_anti_nausea' });
      expect(addOn.status).toBe(200);
      addOnId = addOn.body.transaction_id;
    });

    it('answers 401 without a login', async () => {
      const subs = await api.subscriptions(null);
      expect(subs.status).toBe(401);
      expect(subs.body.subscriptions).toBeUndefined();
      const txs = await api.transactions(null);
      expect(txs.status).toBe(401);
      expect(txs.body.transactions).toBeUndefined();
    });

    it("lists the buyer's 6-month plan: active, billed 6 months later, in dollars", async () => {
      const res = await api.subscriptions(buyer);
      expect(res.status).toBe(200);
      const sub = await api.subscriptionOf(701);
      expect(res.body).toEqual({
        status: 'success',
        subscriptions: [
          {
            id: sub.id,
            plan_name: 'Tirzepatide Half Yearly Plan',
            status: 'active',
            next_billing_date: '2027-05-22T12:00:00.000Z',
            amount: 1349.82,
            payment_terms: 6,
            image: '/products/tirzepatide.svg',
          },
        ],
      });
    });

    it("shows no patient another's subscription", async () => {
      const mine = (await api.subscriptions(buyer)).body.subscriptions as { id: number }[];
      const theirs = await api.subscriptions(other);
      expect(theirs.status).toBe(200);
      expect(theirs.body.subscriptions).toHaveLength(1);
      expect(theirs.body.subscriptions[0].id).not.toBe(mine[0]?.id);
      const nobody = await api.subscriptions(t.patient(709));
      expect(nobody.status).toBe(200);
      expect(nobody.body).toEqual({ status: 'success', subscriptions: [] });
    });

    it("lists the buyer's payments newest first, in dollars, and no one else's", async () => {
      const res = await api.transactions(buyer);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        status: 'success',
        transactions: [
          {
            id: expect.any(Number),
            transaction_id: addOnId,
            created_at: '2026-11-22T12:05:00.000Z',
            amount: 19.97,
            status: 'success',
            product_name: antiNausea.name,
          },
          {
            id: expect.any(Number),
            transaction_id: checkoutId,
            created_at: '2026-11-22T12:00:00.000Z',
            amount: 1349.82,
            status: 'success',
            product_name: 'Tirzepatide Half Yearly Plan',
          },
        ],
      });
      const theirs = await api.transactions(other);
      expect(theirs.status).toBe(200);
      expect(
        (theirs.body.transactions as { transaction_id: string }[]).map((x) => x.transaction_id),
      ).toEqual([otherCheckoutId]);
      expect((await api.transactions(t.patient(709))).body).toEqual({
        status: 'success',
        transactions: [],
      });
    });

    it('shows a paused subscription with what is past due', async () => {
      const as = t.patient(703);
      await buy(t, as);
      const sub = await api.subscriptionOf(703);
      await t.db
        .update(subscriptions)
        .set({ status: 'paused', pastDueCents: 22499 })
        .where(eq(subscriptions.id, sub.id));
      const res = await api.subscriptions(as);
      expect(res.status).toBe(200);
      expect(res.body.subscriptions).toEqual([
        expect.objectContaining({ id: sub.id, status: 'paused', amount: 224.99 }),
      ]);
    });
  });

  describe('POST /api/cancle-subs', () => {
    it('cancels the caller’s active 6-month plan, keeps the reasons and records no fee', async () => {
      const as = t.patient(711);
      await buy(t, as);
      const sub = await api.subscriptionOf(711);

      const res = await api.cancel(as, {
        subs_id: sub.id,
        reason: ['too expensive', ' too many side effects ', ''],
        reccomend: 'yes',
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'success', message: 'Your subscription is cancelled.' });
      expect(res.body.message).toBe(billingMessages.cancelled);

      const items = await api.subscriptions(as);
      expect(items.body.subscriptions).toEqual([
        expect.objectContaining({ id: sub.id, status: 'ended' }),
      ]);
      const [ended] = await t.db
        .select({ endedReason: subscriptions.endedReason, endedAt: subscriptions.endedAt })
        .from(subscriptions)
        .where(eq(subscriptions.id, sub.id));
      expect(ended?.endedReason).toBe('cancelled_by_patient');
      expect(ended!.endedAt!.toISOString()).toBe(t.clock.now().toISOString());
      // Published with the change, by the patient, without the reasons they gave.
      const cancelled = () =>
        t
          .outboxEvents('subscription-cancelled')
          .then((events) => events.filter((e) => e.data.subscriptionId === sub.id));
      expect((await cancelled()).map((e) => e.data)).toEqual([
        {
          subscriptionId: sub.id,
          userId: 711,
          by: 'patient',
          paymentTerms: 6,
          orderId: sub.order_id,
        },
      ]);
      expect(JSON.stringify(await cancelled())).not.toMatch(/expensive|side effects|Tirzepatide/i);
      expect(await api.cancellationsOf(sub.id)).toEqual([
        {
          user_id: 711,
          reasons: ['too expensive', 'too many side effects'],
          recommend: 'yes',
          within_commitment: false,
          early_termination_cents: 0,
        },
      ]);

      // Cancelling again is refused and changes nothing.
      const again = await api.cancel(as, { subs_id: sub.id, reason: ['lost enough weight'] });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ status: 'error', message: billingMessages.notActive });
      expect(again.body.message).toBe('Only an active subscription can be cancelled.');
      expect(await api.cancellationsOf(sub.id)).toHaveLength(1);
      expect(await cancelled()).toHaveLength(1);
      expect((await api.cancellationsOf(sub.id))[0]?.reasons).toEqual([
        'too expensive',
        'too many side effects',
      ]);
    });

    it("refuses another patient's subscription or an unknown one with 404 and changes nothing", async () => {
      const owner = t.patient(712);
      await buy(t, owner);
      const sub = await api.subscriptionOf(712);
      const stranger = t.patient(719);

      const res = await api.cancel(stranger, { subs_id: sub.id, reason: 'too expensive' });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({
        status: 'error',
        message: billingMessages.notYourSubscription,
      });
      expect(res.body.message).toBe('We could not find this subscription on your account.');
      expect((await api.subscriptionOf(712)).status).toBe('active');
      expect(await api.cancellationsOf(sub.id)).toEqual([]);

      const unknown = await api.cancel(owner, { subs_id: 999999 });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe(billingMessages.notYourSubscription);

      const anonymous = await api.cancel(null, { subs_id: sub.id });
      expect(anonymous.status).toBe(401);
      expect((await api.subscriptionOf(712)).status).toBe('active');
      const published = await t.outboxEvents('subscription-cancelled');
      expect(published.filter((e) => e.data.subscriptionId === sub.id)).toEqual([]);
    });

    it('records the early termination fee of a monthly plan cancelled after its first payment', async () => {
      const as = t.patient(713);
      await buy(t, as, 1);
      const sub = await api.subscriptionOf(713);
      expect(sub.payments_made).toBe(1);
      expect(sub.amount_cents).toBe(regularMonthlyCents('tirzepatide'));

      const res = await api.cancel(as, { subs_id: String(sub.id), reason: 'too expensive' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'success', message: billingMessages.cancelled });
      expect(await api.cancellationsOf(sub.id)).toEqual([
        {
          user_id: 713,
          reasons: ['too expensive'],
          recommend: null,
          within_commitment: true,
          early_termination_cents: 2 * sub.amount_cents,
        },
      ]);
      expect((await api.subscriptionOf(713)).status).toBe('ended');
    });
  });

  describe('POST /api/update-card', () => {
    const as = { userId: 721, role: 'patient', sessionId: 'session-721' } as Principal;
    let before: SubscriptionRow;

    beforeAll(async () => {
      await buy(t, as);
      before = await api.subscriptionOf(721);
      expect(before.payment_method_id).toMatch(/^pm_/);
    });

    const unchanged = async () => {
      const now = await api.subscriptionOf(721);
      expect(now.payment_method_id).toBe(before.payment_method_id);
      expect(now.customer_id).toBe(before.customer_id);
      expect(now.billing_address).toEqual(before.billing_address);
      expect(now.status).toBe('active');
    };

    it('asks for a complete billing address, in the spec’s words, before touching the card', async () => {
      const token = await t.token(cards.visa);
      const incomplete: Record<string, unknown>[] = [
        { token, details: { brand: 'visa', last4: '4242' } },
        { token, billingAddress: { ...billingAddress, addressLine1: '' } },
        { token, billingAddress: { ...billingAddress, city: '   ' } },
        { token, billingAddress: { ...billingAddress, state: undefined } },
        { token, billingAddress: { ...billingAddress, zip: ' ' } },
      ];
      for (const body of incomplete) {
        const res = await api.updateCard(as, body);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({
          status: 'error',
          message: 'Please enter a complete billing address.',
        });
      }
      expect(billingMessages.incompleteBilling).toBe('Please enter a complete billing address.');
      expect(await api.tokenUsed(token)).toBe(false);
      await unchanged();
      expect((await api.updateCard(null, { token, billingAddress })).status).toBe(401);
    });

    it('refuses a declining card with the processor’s message and keeps the old card', async () => {
      const res = await api.updateCard(as, {
        token: await t.token(cards.declined),
        details: { brand: 'visa', last4: '0002' },
        billingAddress,
      });
      expect(res.status).toBe(402);
      expect(res.body).toMatchObject({
        status: 'error',
        message: 'Your card was declined.',
        code: 'generic_decline',
      });
      await unchanged();
    });

    it('answers "Invalid card details" for an unknown or spent token and keeps the old card', async () => {
      const unknown = await api.updateCard(as, { token: 'tok_unknown', billingAddress });
      expect(unknown.status).toBe(400);
      expect(unknown.body).toMatchObject({ status: 'error', message: 'Invalid card details' });
      expect(billingMessages.invalidCard).toBe('Invalid card details');

      // A token spent at another patient's checkout.
      const spent = await t.token(cards.visa);
      const other = t.patient(728);
      const paid = await t.pay(
        await t.saveCart({ as: other }),
        { cardToken: spent },
        { as: other },
      );
      expect(paid.status).toBe(200);
      const res = await api.updateCard(as, { token: spent, billingAddress });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(billingMessages.invalidCard);
      await unchanged();
    });

    it('saves a new card for the subscription and says so', async () => {
      const token = await t.token(cards.visa);
      const res = await api.updateCard(as, {
        token,
        details: { brand: 'visa', last4: '4242' },
        billingAddress,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        status: 'success',
        message: 'Billing details updated successfully',
      });
      const after = await api.subscriptionOf(721);
      expect(after.payment_method_id).toMatch(/^pm_/);
      expect(after.payment_method_id).not.toBe(before.payment_method_id);
      expect(after.customer_id).toBe(before.customer_id);
      expect(after.billing_address).toEqual(billingAddress);
      expect(after.status).toBe('active');
      const [method] = await t.db
        .select({
          customer_id: sandboxPaymentMethods.customerId,
          last4: sandboxPaymentMethods.last4,
        })
        .from(sandboxPaymentMethods)
        .where(eq(sandboxPaymentMethods.id, after.payment_method_id!));
      expect(method).toEqual({ customer_id: before.customer_id, last4: '4242' });
      expect(await api.tokenUsed(token)).toBe(true);
    });

    it('answers 404 to a patient with no active or paused subscription', async () => {
      const nobody = await api.updateCard(t.patient(729), {
        token: await t.token(cards.visa),
        billingAddress,
      });
      expect(nobody.status).toBe(404);
      expect(nobody.body).toMatchObject({
        status: 'error',
        message: billingMessages.noSubscription,
      });
      expect(nobody.body.message).toBe(
        'There is no active subscription on your account to update the card for.',
      );

      const cancelled = t.patient(722);
      await buy(t, cancelled);
      const sub = await api.subscriptionOf(722);
      expect((await api.cancel(cancelled, { subs_id: sub.id })).status).toBe(200);
      const token = await t.token(cards.visa);
      const res = await api.updateCard(cancelled, { token, billingAddress });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(billingMessages.noSubscription);
      expect((await api.subscriptionOf(722)).payment_method_id).toBe(sub.payment_method_id);
      expect(await api.tokenUsed(token)).toBe(false);
    });
  });
});

describe('POST /api/process-subs-payment (Pay Now of a paused subscription)', () => {
  let t: CheckoutHarness;
  let api: ReturnType<typeof billingApi>;
  const patient = { userId: 731, role: 'patient', sessionId: 'session-731' } as Principal;
  const other = { userId: 732, role: 'patient', sessionId: 'session-732' } as Principal;
  let paused: SubscriptionRow;
  let otherSub: SubscriptionRow;
  /** The billing emails to a patient (the order confirmation of the checkout is not one). */
  const billingEmails = async (userId: number) =>
    (await t.service.engines.mailbox.list({ to: emailOf(userId) })).filter(
      (email) => !email.subject?.includes('is confirmed'),
    );

  beforeAll(async () => {
    t = await startCheckout({ identity, renewalSweepMs: noSweeps });
    api = billingApi(t);
    await buy(t, patient);
    await buy(t, other);

    // The patient's card becomes one that attaches but is declined when charged.
    const updated = await api.updateCard(patient, {
      token: await t.token(declinesAfterAttaching),
      details: { brand: 'visa', last4: '0341' },
      billingAddress,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ status: 'success', message: billingMessages.cardUpdated });

    // The renewal is declined three times (the first attempt, then after 1 and 2 more days).
    const charges = new SubscriptionCharges(
      t.service.runtime,
      new SandboxProcessor(t.service.engines.database, t.service.runtime.clock),
      identity,
      { settleAfterMs: 2 * minute },
    );
    const sub = await api.subscriptionOf(731);
    t.clock.set('2027-05-22T12:01:00Z');
    const outcomes = [await charges.renew(sub.id)];
    outcomes.push(await charges.renew(sub.id)); // the retry is not due yet
    t.clock.advance(day + minute);
    outcomes.push(await charges.renew(sub.id));
    t.clock.advance(2 * day + minute);
    outcomes.push(await charges.renew(sub.id));
    expect(outcomes).toEqual(['retry-scheduled', 'not-due', 'retry-scheduled', 'paused']);
    paused = await api.subscriptionOf(731);
    otherSub = await api.subscriptionOf(732);
  });
  afterAll(async () => t.close());

  const payBody = async (overrides: Record<string, unknown> = {}) => ({
    token: await t.token(cards.visa),
    details: { brand: 'visa', last4: '4242' },
    billingAddress,
    subscription_id: paused.id,
    amount: 1349.82,
    ...overrides,
  });

  /** What a refused Pay Now must leave as it was. */
  const stillPaused = async () => {
    const now = await api.subscriptionOf(731);
    expect(now).toEqual(paused);
    expect(now.status).toBe('paused');
    expect(now.past_due_cents).toBe(134982);
  };

  it('shows the paused subscription with its past-due amount and emails the patient', async () => {
    expect(paused.status).toBe('paused');
    expect(paused.past_due_cents).toBe(134982);
    const res = await api.subscriptions(patient);
    expect(res.body.subscriptions).toEqual([
      {
        id: paused.id,
        plan_name: 'Tirzepatide Half Yearly Plan',
        status: 'paused',
        next_billing_date: '2027-05-22T12:00:00.000Z',
        amount: 1349.82,
        payment_terms: 6,
        image: '/products/tirzepatide.svg',
      },
    ]);
    await eventually(async () => {
      expect(await billingEmails(731)).toHaveLength(1);
    });
    const [email] = await billingEmails(731);
    expect(email?.subject).toBe('Your payment did not go through');
    expect(email?.body).toContain('Hi Sam,');
    expect(email?.body).toContain('$1,349.82');
    expect(email?.body).toContain('Pay Now');
  });

  it('answers 401 without a login and asks for a complete billing address', async () => {
    const anonymous = await api.payNow(null, await payBody(), randomUUID());
    expect(anonymous.status).toBe(401);
    const body = await payBody({ billingAddress: { ...billingAddress, zip: '' } });
    const res = await api.payNow(patient, body, randomUUID());
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(billingMessages.incompleteBilling);
    expect(await api.tokenUsed(body.token as string)).toBe(false);
    await stillPaused();
  });

  it('needs an Idempotency-Key header', async () => {
    const before = await t.charges();
    const body = await payBody();
    const res = await api.payNow(patient, body, null);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(checkoutMessages.idempotencyKeyRequired);
    expect(await t.charges()).toBe(before);
    expect(await api.tokenUsed(body.token as string)).toBe(false);
    await stillPaused();
  });

  it('refuses an active subscription: nothing is past due', async () => {
    const before = await t.charges();
    const res = await api.payNow(
      other,
      await payBody({ subscription_id: otherSub.id }),
      randomUUID(),
    );
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ status: 'error', message: billingMessages.notPastDue });
    expect(res.body.message).toBe('This subscription has nothing past due.');
    expect(await t.charges()).toBe(before);
    expect(await api.subscriptionOf(732)).toEqual(otherSub);
  });

  it('refuses an amount that is not the past-due one and charges nothing', async () => {
    const before = await t.charges();
    const body = await payBody({ amount: 1349.81 });
    const res = await api.payNow(patient, body, randomUUID());
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      status: 'error',
      message: billingMessages.amountMismatch,
      expected_amount: 1349.82,
    });
    expect(res.body.message).toBe(
      'The amount does not match what is past due. Please refresh the page.',
    );
    expect(await t.charges()).toBe(before);
    expect(await api.tokenUsed(body.token as string)).toBe(false);
    await stillPaused();
  });

  it("refuses another patient's subscription with 404 and charges nothing", async () => {
    const before = await t.charges();
    const res = await api.payNow(other, await payBody(), randomUUID());
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(billingMessages.notYourSubscription);
    expect(await t.charges()).toBe(before);
    await stillPaused();
  });

  it('answers a spent card token with "Invalid card details", never the processor\'s words', async () => {
    const token = await t.token(cards.visa);
    const first = await api.payNow(patient, await payBody({ token, amount: 1 }), randomUUID());
    expect(first.status).toBe(400); // wrong amount: the token is not spent
    const spent = await request(t.service.app)
      .post('/api/update-card')
      .set(t.service.as(other))
      .send({ token, details: null, billingAddress });
    expect(spent.status).toBe(200);
    const before = await t.charges();
    const res = await api.payNow(patient, await payBody({ token }), randomUUID());
    expect(res.status).toBe(402);
    expect(res.body.message).toBe('Invalid card details');
    expect(res.body.message).not.toContain(token);
    expect(await t.charges()).toBe(before);
    await stillPaused();
  });

  it('tells the patient their new card was declined and stays paused', async () => {
    const before = await t.charges();
    const res = await api.payNow(
      patient,
      await payBody({
        token: await t.token(cards.declined),
        details: { brand: 'visa', last4: '0002' },
      }),
      randomUUID(),
    );
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({
      status: 'error',
      message: 'Your card was declined.',
      code: 'generic_decline',
    });
    expect(await t.charges()).toBe(before);
    await stillPaused();
    expect((await api.subscriptions(patient)).body.subscriptions[0]).toMatchObject({
      status: 'paused',
      amount: 1349.82,
    });
  });

  it('pays what is past due once, reactivates the subscription and lists the renewal', async () => {
    const chargesBefore = await t.charges();
    const key = randomUUID();
    const body = await payBody();
    const res = await api.payNow(patient, body, key);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: 'Payment processed successfully' });
    expect(res.body.message).toBe(billingMessages.paymentProcessed);
    expect(await t.charges()).toBe(chargesBefore + 1);

    // Pay Now starts a new 6-month period today.
    expect(t.clock.now().toISOString()).toBe('2027-05-25T12:03:00.000Z');
    const items = await api.subscriptions(patient);
    expect(items.body.subscriptions).toEqual([
      {
        id: paused.id,
        plan_name: 'Tirzepatide Half Yearly Plan',
        status: 'active',
        next_billing_date: '2027-11-25T12:03:00.000Z',
        amount: 1349.82,
        payment_terms: 6,
        image: '/products/tirzepatide.svg',
      },
    ]);
    const after = await api.subscriptionOf(731);
    expect(after.past_due_cents).toBeNull();
    expect(after.failed_attempts).toBe(0);
    expect(after.payments_made).toBe(2);
    // The new card replaces the declining one for the renewals that follow.
    expect(after.payment_method_id).toMatch(/^pm_/);
    expect(after.payment_method_id).not.toBe(paused.payment_method_id);

    const renewalsOf731 = and(eq(transactions.userId, 731), eq(transactions.kind, 'renewal'));
    const renewals = await t.db
      .select({
        transaction_id: transactions.transactionId,
        amount_cents: transactions.amountCents,
      })
      .from(transactions)
      .where(renewalsOf731);
    expect(renewals).toEqual([{ transaction_id: expect.any(String), amount_cents: 134982 }]);
    const listed = await api.transactions(patient);
    expect(listed.body.transactions[0]).toEqual({
      id: expect.any(Number),
      transaction_id: renewals[0]?.transaction_id,
      created_at: '2027-05-25T12:03:00.000Z',
      amount: 1349.82,
      status: 'success',
      product_name: 'Tirzepatide Half Yearly Plan',
    });
    // The checkout and this payment; the declined charges before it are listed as not charged
    // (the three renewal attempts and the two refused Pay Nows above, billing-declined.test.ts).
    expect((listed.body.transactions as { status: string }[]).map((x) => x.status)).toEqual([
      'success',
      ...Array<string>(5).fill('declined'),
      'success',
    ]);

    // The same request again (a double click, a retried request) gets the same answer, no charge.
    const again = await api.payNow(patient, body, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ status: 'success', message: billingMessages.paymentProcessed });
    expect(await t.charges()).toBe(chargesBefore + 1);
    expect(
      await t.db.select({ id: transactions.id }).from(transactions).where(renewalsOf731),
    ).toHaveLength(1);
    expect(await api.subscriptionOf(731)).toEqual(after);

    // The key is no pass: another patient replaying it is refused as for any subscription not
    // theirs, and the same key with another amount is another payment.
    const replayed = await api.payNow(other, body, key);
    expect(replayed.status).toBe(404);
    expect(replayed.body.message).toBe(billingMessages.notYourSubscription);
    const reused = await api.payNow(patient, { ...body, amount: 1 }, key);
    expect(reused.status).toBe(422);

    // And now that it is active, a new Pay Now has nothing to pay.
    const more = await api.payNow(patient, await payBody(), randomUUID());
    expect(more.status).toBe(409);
    expect(more.body.message).toBe(billingMessages.notPastDue);
    expect(await t.charges()).toBe(chargesBefore + 1);
  });

  it('sent the past-due email once, and one receipt for the Pay Now charge', async () => {
    await sleep(200);
    const emails = await billingEmails(731);
    expect(emails.map((e) => e.subject).sort()).toEqual([
      'Your GLP Clinic receipt for order #0001',
      'Your payment did not go through',
    ]);
    expect(emails.find((e) => e.subject?.includes('receipt'))?.body).toContain('We renewed your');
    expect(await billingEmails(732)).toEqual([]);
  });
});
