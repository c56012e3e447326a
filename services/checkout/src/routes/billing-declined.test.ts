/**
 * GET /api/transaction-items lists the caller's declined subscription charges (the renewal's
 * attempts and a declined Pay Now) beside the payments, newest first, as "declined" rows that
 * were not charged and have no invoice or receipt.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import request from 'supertest';
import type { Principal } from '@clinic/contracts';
import { serviceBootTimeoutMs } from '@clinic/kit/testing';
import { subscriptionCharges, subscriptions } from '../db/schema';
import { SubscriptionCharges } from '../domain/billing/subscription-charges';
import { SandboxProcessor } from '../payments/sandbox/sandbox-processor';
import {
  cards,
  identityStub,
  startCheckout,
  type CheckoutHarness,
} from '../testing/checkout-harness';

/** So long that the service's own renewal sweep never runs while the test moves the clock. */
const noSweeps = 100 * 365 * 24 * 60 * 60 * 1000;
const minute = 60 * 1000;
const hour = 60 * minute;
const day = 24 * hour;

const billingAddress = { addressLine1: '500 W 2nd St', city: 'Austin', state: 'TX', zip: '78701' };
/** Attaches (Update Card works), then is declined whenever it is charged. */
const declinesAfterAttaching = '4000000000000341';
const planName = 'Tirzepatide Half Yearly Plan';

describe('GET /api/transaction-items: declined subscription charges', () => {
  let t: CheckoutHarness;
  const patient = { userId: 801, role: 'patient', sessionId: 'session-801' } as Principal;
  const other = { userId: 802, role: 'patient', sessionId: 'session-802' } as Principal;
  let checkoutId: string;
  let otherCheckoutId: string;
  let subscriptionId: number;

  const list = (as: Principal) =>
    request(t.service.app).get('/api/transaction-items').set(t.service.as(as));
  const payNow = async (as: Principal, cardNumber: string) =>
    request(t.service.app)
      .post('/api/process-subs-payment')
      .set(t.service.as(as))
      .set('Idempotency-Key', randomUUID())
      .send({
        token: await t.token(cardNumber),
        details: null,
        billingAddress,
        subscription_id: subscriptionId,
        amount: 1349.82,
      });
  const buy = async (as: Principal) => {
    const paid = await t.pay(await t.saveCart({ as }), {}, { as });
    expect(paid.status).toBe(200);
    return paid.body.transaction_id as string;
  };

  beforeAll(async () => {
    t = await startCheckout({ identity: identityStub, renewalSweepMs: noSweeps });
    checkoutId = await buy(patient); // 2026-11-22T12:00Z, the 6-month plan
    otherCheckoutId = await buy(other);
    const [sub] = await t.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.userId, 801));
    subscriptionId = sub!.id;
    const updated = await request(t.service.app)
      .post('/api/update-card')
      .set(t.service.as(patient))
      .send({ token: await t.token(declinesAfterAttaching), details: null, billingAddress });
    expect(updated.status).toBe(200);

    // The renewal is declined three times, then the plan is paused.
    const charges = new SubscriptionCharges(
      t.service.runtime,
      new SandboxProcessor(t.service.engines.database, t.service.runtime.clock),
      identityStub,
      { settleAfterMs: 2 * minute },
    );
    t.clock.set('2027-05-22T12:01:00Z');
    const outcomes = [await charges.renew(subscriptionId)];
    t.clock.advance(day + minute);
    outcomes.push(await charges.renew(subscriptionId));
    t.clock.advance(2 * day + minute);
    outcomes.push(await charges.renew(subscriptionId));
    expect(outcomes).toEqual(['retry-scheduled', 'retry-scheduled', 'paused']);

    // Pay Now with a card that is declined, then with a good one.
    t.clock.advance(hour);
    expect((await payNow(patient, cards.declined)).status).toBe(402);
    t.clock.advance(hour);
    expect((await payNow(patient, cards.visa)).status).toBe(200);
  }, serviceBootTimeoutMs);
  afterAll(async () => t.close());

  const declinedCharges = async () =>
    t.db
      .select({ id: subscriptionCharges.id, kind: subscriptionCharges.kind })
      .from(subscriptionCharges)
      .where(eq(subscriptionCharges.status, 'declined'))
      .orderBy(asc(subscriptionCharges.id));

  it('lists each declined attempt with the amount tried and its day, newest first', async () => {
    const declined = await declinedCharges();
    expect(declined.map((c) => c.kind)).toEqual(['renewal', 'renewal', 'renewal', 'pay-now']);
    const [first, second, third, payNowDeclined] = declined.map((c) => c.id);
    const res = await list(patient);
    expect(res.status).toBe(200);
    const declinedRow = (id: number | undefined, createdAt: string) => ({
      id,
      transaction_id: `declined-${id}`,
      created_at: createdAt,
      amount: 1349.82,
      status: 'declined',
      product_name: planName,
    });
    expect(res.body).toEqual({
      status: 'success',
      transactions: [
        {
          id: expect.any(Number),
          transaction_id: expect.stringMatching(/^ch_/),
          created_at: '2027-05-25T14:03:00.000Z',
          amount: 1349.82,
          status: 'success',
          product_name: planName,
        },
        declinedRow(payNowDeclined, '2027-05-25T13:03:00.000Z'),
        declinedRow(third, '2027-05-25T12:03:00.000Z'),
        declinedRow(second, '2027-05-23T12:02:00.000Z'),
        declinedRow(first, '2027-05-22T12:01:00.000Z'),
        {
          id: expect.any(Number),
          transaction_id: checkoutId,
          created_at: '2026-11-22T12:00:00.000Z',
          amount: 1349.82,
          status: 'success',
          product_name: planName,
        },
      ],
    });
    // Their transaction ids are never a payment's.
    const ids = (res.body.transactions as { transaction_id: string }[]).map(
      (x) => x.transaction_id,
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("shows no patient another's declined charges", async () => {
    const res = await list(other);
    expect(res.status).toBe(200);
    expect(
      (res.body.transactions as { transaction_id: string }[]).map((x) => x.transaction_id),
    ).toEqual([otherCheckoutId]);
  });

  it('has no invoice or HSA/FSA receipt for a declined attempt', async () => {
    const [declined] = await declinedCharges();
    for (const path of ['/api/invoice/', '/api/hsa-receipt/']) {
      const res = await request(t.service.app)
        .get(`${path}declined-${declined!.id}`)
        .set(t.service.as(patient));
      expect(res.status).toBe(404);
    }
  });

  it('does not list a charge whose outcome is not known yet', async () => {
    const before = (await list(patient)).body.transactions as unknown[];
    const now = t.clock.now();
    await t.db.insert(subscriptionCharges).values({
      subscriptionId,
      kind: 'renewal',
      periodStart: new Date('2027-11-25T14:03:00Z'),
      attempt: 1,
      processorKey: `renewal-${subscriptionId}-still-charging`,
      amountCents: 134982,
      status: 'charging',
      createdAt: now,
      updatedAt: now,
    });
    expect((await list(patient)).body.transactions).toEqual(before);
  });
});
