/**
 * The notice before each renewal charge and the receipt after it (issue 31, item 5): 7 days
 * before for a monthly plan and 15 days before for longer ones, once per billing date, none for
 * a cancelled subscription; a receipt once the renewal is charged.
 */
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { eventually } from '@clinic/kit/testing';
import { subscriptions } from '../../db/schema';
import { SandboxProcessor } from '../../payments/sandbox/sandbox-processor';
import {
  emailOf,
  identityStub,
  startCheckout,
  type CheckoutHarness,
} from '../../testing/checkout-harness';
import { queueRenewalNotices } from './renewal-notices';
import { SubscriptionCharges } from './subscription-charges';

const dayMs = 24 * 60 * 60 * 1000;

describe('renewal notices and receipts', () => {
  let t: CheckoutHarness;
  let charges: SubscriptionCharges;
  beforeAll(async () => {
    // The sweep job is kept out of the way: each test drives the notices itself.
    t = await startCheckout({ identity: identityStub, renewalSweepMs: 365 * dayMs });
    charges = new SubscriptionCharges(
      t.service.runtime,
      new SandboxProcessor(t.service.engines.database, t.service.runtime.clock),
      identityStub,
      { settleAfterMs: 120_000 },
    );
  });
  afterAll(() => t.close());

  async function subscribe(userId: number, term: 1 | 6) {
    const as = t.patient(userId);
    const paid = await t.pay(
      await t.saveCart({ as }),
      term === 1 ? { payment_terms: 1, amount: 22499 } : {},
      { as },
    );
    expect(paid.status).toBe(200);
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    return { as, sub: sub! };
  }
  const mailOf = async (userId: number, subject: RegExp) =>
    (await t.service.engines.mailbox.list({ to: emailOf(userId) })).filter((m) =>
      subject.test(m.subject ?? ''),
    );
  const at = (billing: Date, daysBefore: number, extraMs = 0) =>
    t.clock.set(new Date(billing.getTime() - daysBefore * dayMs + extraMs));

  it('tells a monthly patient exactly 7 days before, once, with the amount, date and card', async () => {
    const { sub } = await subscribe(1301, 1);
    at(sub.nextBillingDate, 7, -60_000);
    await queueRenewalNotices(t.service.runtime);
    at(sub.nextBillingDate, 7);
    await queueRenewalNotices(t.service.runtime);
    await queueRenewalNotices(t.service.runtime);
    await eventually(async () => expect(await mailOf(1301, /renews on/)).toHaveLength(1));
    const [notice] = await mailOf(1301, /renews on/);
    expect(notice!.subject).toBe('Your plan renews on Dec 22, 2026');
    expect(notice!.body).toContain('renews automatically on Dec 22, 2026');
    expect(notice!.body).toContain(`we will charge $${(sub.amountCents / 100).toFixed(2)}`);
    expect(notice!.body).toContain('the card ending in 4242');
    expect(notice!.body).toContain('Cancel Subscription');
    expect(notice!.body).toContain('/home?tab=billing');
    expect(notice!.body).not.toContain('Plan plan');
  });

  it('tells a 6-month patient 15 days before, and a cancelled one nothing', async () => {
    const { sub } = await subscribe(1302, 6);
    const cancelled = await subscribe(1303, 6);
    const res = await request(t.service.app)
      .post('/api/cancle-subs')
      .set(t.service.as(cancelled.as))
      .send({ subs_id: cancelled.sub.id });
    expect(res.status).toBe(200);
    at(sub.nextBillingDate, 15, -60_000);
    await queueRenewalNotices(t.service.runtime);
    expect(await mailOf(1302, /renews on/)).toEqual([]);
    at(sub.nextBillingDate, 15);
    await queueRenewalNotices(t.service.runtime);
    await eventually(async () => expect(await mailOf(1302, /renews on/)).toHaveLength(1));
    t.clock.advance(10 * dayMs);
    await queueRenewalNotices(t.service.runtime);
    expect(await mailOf(1303, /renews on/)).toEqual([]);
    expect(await mailOf(1302, /renews on/)).toHaveLength(1);
  });

  it("announces the supply a coming renewal pays for with its notice, so fulfilment opens that refill's check-in 7 days before", async () => {
    const upcoming = async (subscriptionId: number) =>
      (await t.outboxEvents('renewal-supply-upcoming')).filter(
        (e) => e.data.subscriptionId === subscriptionId,
      );
    // Payment 2 of a monthly plan pays for no shipment: its notice announces none.
    const monthly = await subscribe(1305, 1);
    at(monthly.sub.nextBillingDate, 7);
    await queueRenewalNotices(t.service.runtime);
    await eventually(async () => expect(await mailOf(1305, /renews on/)).toHaveLength(1));
    expect(await upcoming(monthly.sub.id)).toEqual([]);
    // Payment 4 ships the next 3 months on its billing date.
    const billing = new Date(monthly.sub.nextBillingDate.getTime() + 60 * dayMs);
    await t.db
      .update(subscriptions)
      .set({ paymentsMade: 3, nextBillingDate: billing })
      .where(eq(subscriptions.id, monthly.sub.id));
    at(billing, 7);
    await queueRenewalNotices(t.service.runtime);
    await queueRenewalNotices(t.service.runtime);
    expect((await upcoming(monthly.sub.id)).map((e) => e.data)).toEqual([
      {
        subscriptionId: monthly.sub.id,
        orderId: monthly.sub.orderId,
        userId: 1305,
        billingDate: billing.toISOString(),
        supply: [{ shipOn: billing.toISOString(), vials: 3 }],
      },
    ]);
    // A 6-month renewal pays for two: on its date and 90 days after.
    const sixMonths = await subscribe(1306, 6);
    at(sixMonths.sub.nextBillingDate, 15);
    await queueRenewalNotices(t.service.runtime);
    const [six] = await upcoming(sixMonths.sub.id);
    expect((six!.data.supply as { shipOn: string }[]).map((s) => s.shipOn)).toEqual([
      sixMonths.sub.nextBillingDate.toISOString(),
      new Date(sixMonths.sub.nextBillingDate.getTime() + 90 * dayMs).toISOString(),
    ]);
  });

  it('sends a receipt after the renewal is charged', async () => {
    const { sub } = await subscribe(1304, 1);
    t.clock.set(new Date(sub.nextBillingDate.getTime() + 60_000));
    expect(await charges.renew(sub.id)).toBe('charged');
    await eventually(async () => expect(await mailOf(1304, /receipt/)).toHaveLength(1));
    const [receipt] = await mailOf(1304, /receipt/);
    expect(receipt!.body).toContain('We renewed your');
    expect(receipt!.body).toContain(`Charged: $${(sub.amountCents / 100).toFixed(2)}`);
    expect(receipt!.body).toContain('Next renewal:');
  });
});
