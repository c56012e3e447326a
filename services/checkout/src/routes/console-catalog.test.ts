import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import {
  catalogAdminMessages,
  defaultPriceTable,
  offerPlans,
  type OfferPlans,
  upsellMessages,
  type PriceTable,
} from '@clinic/contracts';
import { testPrincipal } from '@clinic/kit/testing';
import { SubscriptionCharges } from '../domain/billing/subscription-charges';
import { orders, subscriptions, transactions } from '../db/schema';
import { SandboxProcessor } from '../payments/sandbox/sandbox-processor';
import { fakeIdentity, planLine, startCheckout, type CheckoutHarness } from '../testing';

const admin = testPrincipal({ userId: 7101, role: 'admin', sessionId: 'admin-session' });
/** So long that the service's own renewal sweep never runs while the test moves the clock. */
const noSweeps = 100 * 365 * 24 * 60 * 60 * 1000;

/** The spec's table with tirzepatide's 6 months and first month dearer, and the add-on. */
const dearer: PriceTable = {
  ...defaultPriceTable,
  tirzepatide: {
    firstMonth: 23999,
    terms: { ...defaultPriceTable.tirzepatide.terms, 1: 36999, 6: 139999 },
  },
  antiNausea: 2497,
};

describe('prices and offers as the admin keeps them', () => {
  let h: CheckoutHarness;
  const identity = {
    ...fakeIdentity(),
    async staffMember(userId: number) {
      return { id: userId, first_name: 'Ada', last_name: 'Admin', role: 'admin' as const };
    },
  };
  beforeAll(async () => {
    h = await startCheckout({ identity, renewalSweepMs: noSweeps });
  });
  afterAll(async () => h.close());

  const asAdmin = () => h.service.as(admin);
  const putPrices = (value: unknown, version: number) =>
    request(h.service.app).put('/api/console/prices').set(asAdmin()).send({ value, version });
  const putOffers = (value: unknown, version: number) =>
    request(h.service.app).put('/api/console/offers').set(asAdmin()).send({ value, version });
  const prices = async () =>
    (await request(h.service.app).get('/api/console/prices').set(asAdmin())).body;
  const auditLines = async (action: string) =>
    (await h.service.runtime.audit.page(h.db, { action, limit: 100 })).entries;
  const tirzepatideTerms = async () => {
    const res = await request(h.service.app).get('/api/get-all-products');
    const plan = (res.body.products as { sku: string; pricing: { term_prices: unknown } }[]).find(
      (p) => p.sku === 'tirz_plan_1',
    );
    return plan?.pricing;
  };

  it("reads the spec's prices before any change", async () => {
    expect(await prices()).toEqual({ status: 'success', version: 0, value: defaultPriceTable });
  });

  it('a price change leaves paid orders and renewals as they were, and prices carts saved after it', async () => {
    const buyer = h.patient(801);
    const paid = await h.pay(await h.saveCart({ as: buyer }), {}, { as: buyer });
    expect(paid.status).toBe(200);
    const savedBefore = await h.saveCart();

    const changed = await putPrices(dearer, 0);
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ status: 'success', version: 1, value: dearer });

    // The paid order and its subscription keep their prices.
    const [order] = await h.db.select().from(orders).where(eq(orders.userId, 801));
    expect(order?.amountCents).toBe(134982);
    const [sub] = await h.db.select().from(subscriptions).where(eq(subscriptions.userId, 801));
    expect(sub?.amountCents).toBe(134982);

    // Its renewal six months on bills what it was sold at, not the new 6-month price.
    const charges = new SubscriptionCharges(
      h.service.runtime,
      new SandboxProcessor(h.service.engines.database, h.service.runtime.clock),
      identity,
      { settleAfterMs: 120_000 },
    );
    const clockWas = h.clock.now();
    h.clock.set(new Date(sub!.nextBillingDate.getTime() + 60_000));
    expect(await charges.renew(sub!.id)).toBe('charged');
    h.clock.set(clockWas);
    const renewals = await h.db
      .select({ amountCents: transactions.amountCents })
      .from(transactions)
      .where(and(eq(transactions.userId, 801), eq(transactions.kind, 'renewal')));
    expect(renewals).toEqual([{ amountCents: 134982 }]);

    // A cart saved before the change pays the old price; its page shows it.
    const before = await request(h.service.app).get(`/api/get-cart/${savedBefore}`);
    expect(before.body.prices).toEqual(defaultPriceTable.tirzepatide);
    expect(before.body.cartItem[0].price).toBe(224.99);
    expect((await h.pay(savedBefore, { amount: 139999 })).status).toBe(400);
    expect((await h.pay(savedBefore, { amount: 134982 })).status).toBe(200);

    // A cart saved after it pays the new one, and its subscription renews at it.
    const savedAfter = await h.saveCart({ as: h.patient(802) });
    const after = await request(h.service.app)
      .get(`/api/get-cart/${savedAfter}`)
      .set(h.service.as(h.patient(802)));
    expect(after.body.prices).toEqual(dearer.tirzepatide);
    expect(after.body.cartItem[0].price).toBe(239.99);
    expect((await h.pay(savedAfter, { amount: 134982 }, { as: h.patient(802) })).status).toBe(400);
    expect((await h.pay(savedAfter, { amount: 139999 }, { as: h.patient(802) })).status).toBe(200);
    const [newSub] = await h.db.select().from(subscriptions).where(eq(subscriptions.userId, 802));
    expect(newSub?.amountCents).toBe(139999);

    // The product list serves the new prices at once.
    expect(await tirzepatideTerms()).toMatchObject({
      retail_price: 369.99,
      first_month_price: 239.99,
      term_prices: expect.arrayContaining([{ payment_terms: 6, amount: 1399.99 }]),
    });

    // The legal pages' public read quotes the new table.
    expect((await request(h.service.app).get('/api/prices')).body).toEqual({
      status: 'success',
      prices: dearer,
    });

    // The add-on is listed and charged at its new price, added to an order after the change.
    const list = await request(h.service.app).get('/api/get-all-products');
    const addOn = (list.body.products as { sku: string; pricing: { retail_price: number } }[]).find(
      (p) => p.sku === 'glp_anti_nausea',
    );
    expect(addOn?.pricing.retail_price).toBe(24.97);
    // A page that still shows the old price is told the new one, and nothing is charged.
    const addOn802 = (body: object) =>
      request(h.service.app)
        .post('/api/add-to-order')
        .set(h.service.as(h.patient(802)))
        .send({ product: 'glp_anti_nausea', ...body });
    const stale = await addOn802({ price_cents: 1997 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      message: upsellMessages.priceChanged(2497),
      price_cents: 2497,
    });
    const added = await addOn802({ price_cents: 2497 });
    expect(added.status).toBe(200);
    const addOnCharges = await h.db
      .select({ amountCents: transactions.amountCents })
      .from(transactions)
      .where(and(eq(transactions.userId, 802), eq(transactions.kind, 'add-on')));
    expect(addOnCharges).toEqual([{ amountCents: 2497 }]);
  });

  it('records the change: version, who, before and after, an audit line and an event', async () => {
    const history = await request(h.service.app).get('/api/console/prices/history').set(asAdmin());
    expect(history.body.changes).toEqual([
      {
        version: 1,
        at: expect.any(String),
        by: { id: admin.userId, name: 'Ada Admin' },
        before: defaultPriceTable,
        after: dearer,
      },
    ]);
    expect(await auditLines('catalog.change')).toMatchObject([
      { staff: { id: admin.userId, role: 'admin' }, refs: { version: 1 } },
    ]);
    expect(await h.outboxEvents('catalog-changed')).toMatchObject([
      { data: { setting: 'catalog', version: 1, value: { prices: dearer } } },
    ]);
  });

  it.each([
    [
      'a negative price',
      { ...dearer, semaglutide: { ...dearer.semaglutide, firstMonth: -100 } },
      1,
      400,
    ],
    [
      'an unknown term',
      {
        ...dearer,
        semaglutide: { ...dearer.semaglutide, terms: { ...dearer.semaglutide.terms, 5: 1000 } },
      },
      1,
      400,
    ],
    [
      'a price below a live coupon',
      { ...dearer, semaglutide: { ...dearer.semaglutide, firstMonth: 2000 } },
      1,
      400,
    ],
    ['a free add-on', { ...dearer, antiNausea: 0 }, 1, 400],
    ['a change made from an old version', dearer, 0, 409],
  ])('refuses %s and changes nothing', async (_what, value, version, status) => {
    const res = await putPrices(value, version);
    expect(res.status).toBe(status);
    expect(res.body.status).toBe('error');
    expect(await prices()).toEqual({ status: 'success', version: 1, value: dearer });
    expect(await auditLines('catalog.change')).toHaveLength(1);
    expect(await h.outboxEvents('catalog-changed')).toHaveLength(1);
  });

  it('names the coupon a price would fall below', async () => {
    const res = await putPrices(
      { ...dearer, semaglutide: { ...dearer.semaglutide, firstMonth: 2000 } },
      1,
    );
    expect(res.body.message).toBe(catalogAdminMessages.belowCoupon('WELCOME25'));
  });

  describe('offers', () => {
    const swapped: OfferPlans = {
      ...offerPlans,
      semaglutide: { default: 'sema_plan_278928', A: 'sema_plan_367367', C: 'sema_plan_134562' },
    } as OfferPlans;
    const saveSemaCart = (productId: number, sku: string) =>
      request(h.service.app)
        .post('/forms/save-cart')
        .send({
          ...planLine('semaglutide'),
          id: productId,
          sku,
          stripe_id: sku,
          sema_offer: 'A',
          currentGLPMed: 'No',
        });

    it.each([
      [
        'a duplicate plan id',
        { ...offerPlans, semaglutide: { ...offerPlans.semaglutide, A: 'sema_plan_367367' } },
        400,
        catalogAdminMessages.duplicatePlan('sema_plan_367367'),
      ],
      [
        'a plan that is no product of the drug',
        { ...offerPlans, semaglutide: { ...offerPlans.semaglutide, A: 'tirz_plan_9' } },
        400,
        catalogAdminMessages.unknownPlan('tirz_plan_9', 'semaglutide'),
      ],
      [
        'an unknown offer variant',
        { ...offerPlans, semaglutide: { ...offerPlans.semaglutide, D: 'sema_plan_134562' } },
        400,
        undefined,
      ],
    ])('refuses %s and changes nothing', async (_what, value, status, message) => {
      const res = await putOffers(value, 0);
      expect(res.status).toBe(status);
      if (message) expect(res.body.message).toContain(message);
      expect((await request(h.service.app).get('/api/offers')).body.offers).toEqual(offerPlans);
      expect(await auditLines('offers.change')).toHaveLength(0);
    });

    it('a change sells the new plan under the offer at once, recorded and published', async () => {
      expect((await saveSemaCart(5, 'sema_plan_134562')).status).toBe(200);
      const res = await putOffers(swapped, 0);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'success', version: 1, value: swapped });
      expect((await request(h.service.app).get('/api/offers')).body.offers).toEqual(swapped);
      expect((await saveSemaCart(5, 'sema_plan_134562')).status).toBe(409);
      expect((await saveSemaCart(6, 'sema_plan_367367')).status).toBe(200);
      expect(await auditLines('offers.change')).toMatchObject([{ refs: { version: 1 } }]);
      expect(await h.outboxEvents('catalog-changed')).toMatchObject([
        { data: { setting: 'catalog' } },
        { data: { setting: 'offers', version: 1, value: swapped } },
      ]);
    });
  });

  it('is for admins only', async () => {
    const marketing = testPrincipal({ userId: 7102, role: 'marketing', sessionId: 'm-session' });
    const res = await request(h.service.app)
      .put('/api/console/prices')
      .set(h.service.as(marketing))
      .send({ value: dearer, version: 1 });
    expect(res.status).toBe(403);
  });
});
