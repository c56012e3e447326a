import { and, eq, sql } from 'drizzle-orm';
import request from 'supertest';
import {
  antiNausea,
  checkoutMessages,
  shippingAddressSaved,
  upsellMessages,
  type Principal,
} from '@clinic/contracts';
import { eventually } from '@clinic/kit/testing';
import {
  conversionAttempts,
  conversions,
  orders,
  shippingAddresses,
  transactions,
  trustedForms,
} from '../db/schema';
import { shipping, startCheckout, type CheckoutHarness } from '../testing/checkout-harness';

describe('after payment: add-on, address, trusted form, bundle, conversion', () => {
  let t: CheckoutHarness;
  let buyer: Principal;
  let orderId: number;
  beforeAll(async () => {
    t = await startCheckout();
    buyer = t.patient(701);
    const paid = await t.pay(await t.saveCart({ as: buyer }), {}, { as: buyer });
    expect(paid.status).toBe(200);
    orderId = paid.body.prescriptionPreauths[0].orderId;
  });
  afterAll(async () => t.close());

  /** The patient's stored shipping address, in the spec's field names. */
  const storedAddress = () =>
    t.db
      .select({
        address_line_1: shippingAddresses.addressLine1,
        address_line_2: shippingAddresses.addressLine2,
        city: shippingAddresses.city,
        state: shippingAddresses.state,
        zip: shippingAddresses.zip,
      })
      .from(shippingAddresses)
      .where(eq(shippingAddresses.userId, 701));

  const post = (path: string, body: unknown, as: Principal | null = buyer) =>
    request(t.service.app)
      .post(path)
      .set(as ? t.service.as(as) : {})
      .send(body as object);

  const upsellStatus = (as: Principal = buyer) =>
    request(t.service.app).get('/api/upsell-status').set(t.service.as(as));

  it('Add To Order charges the saved card $19.97 once, and refuses a second add', async () => {
    const before = await t.charges();
    expect((await upsellStatus()).body).toEqual({
      status: 'success',
      added: false,
      price_cents: 1997,
    });
    const [a, b] = await Promise.all([
      post('/api/add-to-order', { product: 'glp_anti_nausea' }),
      post('/api/add-to-order', { product: 'glp_anti_nausea' }),
    ]);
    // Clicks at the same moment: one charge, which each answers or refuses as already added.
    const added = [a, b].filter((r) => r.status === 200);
    expect(added.length).toBeGreaterThan(0);
    expect([a, b].every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(new Set(added.map((r) => r.body.transaction_id)).size).toBe(1);
    // Added: the page shows its second step, and another add (a reload, another tab) is refused.
    expect((await upsellStatus()).body).toEqual({
      status: 'success',
      added: true,
      price_cents: 1997,
    });
    const c = await post('/api/add-to-order', { product: 'glp_anti_nausea' });
    expect(c.status).toBe(409);
    expect(c.body).toMatchObject({ message: upsellMessages.alreadyAdded, already_added: true });
    expect(added[0]!.body.prescriptionPreauths).toEqual([
      { orderId, product_id: 7, product_name: antiNausea.name },
    ]);
    expect(await t.charges()).toBe(before + 1);
    const addOns = await t.db
      .select({ amountCents: transactions.amountCents })
      .from(transactions)
      .where(and(eq(transactions.orderId, orderId), eq(transactions.kind, 'add-on')));
    expect(addOns).toEqual([{ amountCents: 1997 }]);
  });

  it('Add To Order needs a login and an order', async () => {
    expect((await post('/api/add-to-order', { product: 'glp_anti_nausea' }, null)).status).toBe(
      401,
    );
    const stranger = await post('/api/add-to-order', { product: 'glp_anti_nausea' }, t.patient(9));
    expect(stranger.status).toBe(404);
    expect((await upsellStatus(t.patient(9))).status).toBe(404);
    expect((await request(t.service.app).get('/api/upsell-status')).status).toBe(401);
  });

  it('saves the shipping address of the caller, refusing an incomplete or over-long one', async () => {
    expect((await post('/api/save-address', shipping)).status).toBe(200);
    const [row] = await storedAddress();
    expect(row).toEqual({
      address_line_1: '1200 Congress Ave',
      address_line_2: 'Apt 4',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
    });
    expect((await post('/api/save-address', { ...shipping, city: '' })).status).toBe(400);
    expect((await post('/api/save-address', { ...shipping, zip: '787' })).status).toBe(400);
    const long = await post('/api/save-address', { ...shipping, addressLine1: 'x'.repeat(10240) });
    expect(long.status).toBe(400);
    expect((await post('/api/save-address', shipping, null)).status).toBe(401);
    // Verification validates the saved address at /verify: it is published for it.
    // The outbox is the kit's table: checkout's schema does not declare it.
    const published = await t.query<{ envelope: { data: { userId: number; source: string } } }>(
      sql`select envelope from checkout.outbox where name = 'shipping-address-saved'`,
    );
    expect(published.map((e) => e.envelope.data)).toEqual([
      {
        userId: 701,
        source: 'checkout',
        address: {
          address_line_1: '1200 Congress Ave',
          address_line_2: 'Apt 4',
          city: 'Austin',
          state: 'TX',
          zip: '78701',
        },
        savedAt: '2026-11-22T12:00:00.000Z',
      },
    ]);
  });

  it.each([
    'P.O.B. 77',
    'Postal Box 12',
    'P. O. B o x 12',
    'PO \u0412\u043E\u0445 12', // Cyrillic В, о, х
    'P\u200BO Box 12', // a zero-width space
  ])('refuses to save the P.O. box %j, with the reason, storing nothing', async (line) => {
    const patient = t.patient(702);
    for (const address of [
      { ...shipping, addressLine1: line },
      { ...shipping, addressLine2: line },
    ]) {
      const res = await post('/api/save-address', address, patient);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: checkoutMessages.poBox, address_error: true });
    }
    const stored = await t.db
      .select({ userId: shippingAddresses.userId })
      .from(shippingAddresses)
      .where(eq(shippingAddresses.userId, 702));
    expect(stored).toEqual([]);
  });

  it('ships to the address confirmed at /verify, unless a newer one was typed since', async () => {
    const confirmed = {
      address_line_1: '1200 CONGRESS AVE',
      address_line_2: 'APT 4',
      city: 'AUSTIN',
      state: 'TX',
      zip: '78701-2301',
    };
    const publish = (savedAt: string, address = confirmed) =>
      t.service.runtime.transaction((_tx, events) =>
        events.publish(shippingAddressSaved, {
          userId: 701,
          source: 'verification',
          address,
          savedAt,
        }),
      );
    const stored = async () => (await storedAddress())[0];
    t.clock.advance(60 * 1000);
    await publish(t.clock.now().toISOString());
    await eventually(async () => expect(await stored()).toEqual(confirmed));
    // An event about an older save arriving late changes nothing.
    await publish('2026-01-01T00:00:00.000Z', { ...confirmed, city: 'ELSEWHERE' });
    await publish(t.clock.now().toISOString(), { ...confirmed, address_line_2: 'APT 5' });
    await eventually(async () => expect((await stored())?.address_line_2).toBe('APT 5'));
    expect((await stored())?.city).toBe('AUSTIN');
  });

  it('stores the trusted-form certificate URL, https only', async () => {
    const url = 'https://cert.trustedform.com/abc123';
    expect((await post('/api/trust-form', { user_id: 701, url })).status).toBe(200);
    expect(
      (await post('/api/trust-form', { user_id: 701, url: 'javascript:alert(1)' })).status,
    ).toBe(400);
    const stored = await t.db
      .select({ url: trustedForms.url })
      .from(trustedForms)
      .where(eq(trustedForms.userId, 701));
    expect(stored).toEqual([{ url }]);
  });

  it("records the upsell's bundle choice on the caller's latest order", async () => {
    expect((await post('/api/bundle-selected', { selectedMed: 'Nausea', terms: 2 })).status).toBe(
      200,
    );
    const [order] = await t.db
      .select({ bundleChoice: orders.bundleChoice })
      .from(orders)
      .where(eq(orders.id, orderId));
    expect(order).toEqual({ bundleChoice: 'Nausea' });
    expect((await post('/api/bundle-selected', { selectedMed: 'B12', terms: 1 })).status).toBe(400);
  });

  it("queues the conversion once, from the order's own amount, with no name or product", async () => {
    const body = {
      user_id: 701,
      user_name: 'Jordan',
      product_name: 'anything',
      amount: 0.01,
      c_id: 'aff-123',
      payment_terms: 6,
    };
    expect((await post('/api/call-conversion', body)).status).toBe(200);
    expect((await post('/api/call-conversion', body)).status).toBe(200);
    await eventually(async () => {
      const attempts = await t.db
        .select({ outcome: conversionAttempts.outcome, request: conversionAttempts.request })
        .from(conversionAttempts)
        .where(eq(conversionAttempts.orderId, orderId));
      const [conversion] = await t.db
        .select({ reference: conversions.reference })
        .from(conversions)
        .where(eq(conversions.orderId, orderId));
      // No affiliate endpoint is configured here: one attempt, stored as skipped. The name and
      // product the page sent are accepted and ignored.
      expect(attempts).toEqual([
        {
          outcome: 'skipped',
          request: {
            c_id: 'aff-123',
            order_reference: conversion?.reference,
            amount: 1349.82,
            payment_terms: 6,
          },
        },
      ]);
      expect(conversion?.reference).toMatch(/^cv_[0-9a-f]{32}$/);
    });
  });
});
