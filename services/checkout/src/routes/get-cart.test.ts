import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { defaultPriceTable } from '@clinic/contracts';
import { createLocalIdentityDirectory } from '@clinic/identity';
import { startIdentity, testPublicUrl, type IdentityHarness } from '@clinic/identity/testing';
import { carts } from '../db/schema';
import { planLine, startCheckout, type CheckoutHarness } from '../testing/checkout-harness';

describe('GET /api/get-cart/{cart_id}', () => {
  let identity: IdentityHarness;
  let t: CheckoutHarness;
  beforeAll(async () => {
    identity = await startIdentity();
    t = await startCheckout({
      identity: createLocalIdentityDirectory(identity.service.runtime, {
        publicUrl: testPublicUrl,
        seedDemoAccounts: false,
      }),
    });
  });
  afterAll(async () => {
    await t.close();
    await identity.close();
  });

  const getCart = (id: string, headers: Record<string, string> = {}) =>
    request(t.service.app).get(`/api/get-cart/${id}`).set(headers);

  it('answers the cart priced from the catalog, with its offers', async () => {
    const cartId = await t.saveCart({ drug: 'semaglutide' });
    const res = await getCart(cartId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'success',
      cartItem: [
        expect.objectContaining({
          id: 4,
          name: 'Semaglutide',
          price: 134.99,
          retail_price: 249.97,
          quantity: 1,
          stripe_id: 'sema_plan_278928',
          subheader: 'Compound Medication',
          sema_offer: 'default',
          tir_offer: 'default',
        }),
      ],
      userData: null,
      message: 'Cart loaded',
      // The prices the cart is charged: the table it was saved under (here the spec's).
      prices: defaultPriceTable.semaglutide,
    });
  });

  it("never shows the plan page's GLP-1 answers; a medication switch carries them over on the server", async () => {
    const userId = await identity.createUser({ email: 'on.glp1@example.com', firstName: 'Lee' });
    const headers = t.service.as(t.patient(userId));
    const saved = await request(t.service.app)
      .post('/forms/save-cart')
      .set(headers)
      .send({ ...planLine('tirzepatide'), currentGLPMed: 'Yes', currentDose: '7.5 mg' });
    expect(saved.status).toBe(200);
    const link = await getCart(saved.body.id);
    expect(link.status).toBe(200);
    expect(JSON.stringify(link.body)).not.toMatch(/currentGLPMed|currentDose|7\.5/);

    // The checkout page switches to semaglutide from the link's session.
    const scoped = t.service.as({ ...t.patient(userId), cartId: saved.body.id });
    const switched = await request(t.service.app)
      .post('/forms/save-cart')
      .set(scoped)
      .send({ ...planLine('semaglutide'), replaces_cart: saved.body.id });
    expect(switched.status).toBe(200);
    const [kept] = await t.db
      .select({ glp: carts.currentGlpMed, dose: carts.currentDose, userId: carts.userId })
      .from(carts)
      .where(eq(carts.id, switched.body.id));
    expect(kept).toEqual({ glp: 'Yes', dose: '7.5 mg', userId });

    // Another person's cart lends its answers to nobody; a save names them or the cart replaced.
    const stranger = t.service.as(t.patient(userId + 1000));
    const refused = await request(t.service.app)
      .post('/forms/save-cart')
      .set(stranger)
      .send({ ...planLine('semaglutide'), replaces_cart: saved.body.id });
    expect(refused.status).toBe(404);
    // A name that is no cart's id at all is no cart either (Schemathesis sent "0": a 500 then).
    const nameless = await request(t.service.app)
      .post('/forms/save-cart')
      .set(scoped)
      .send({ ...planLine('semaglutide'), replaces_cart: '0' });
    expect(nameless.status).toBe(404);
    const unnamed = await request(t.service.app)
      .post('/forms/save-cart')
      .send(planLine('semaglutide'));
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.message).toContain('currentGLPMed');
  });

  it('gives a visitor a session scoped to the cart, showing only what the checkout page shows', async () => {
    const userId = await identity.createUser({
      email: 'cart.link@example.com',
      firstName: 'Robin',
    });
    const cartId = await t.saveCart({ as: t.patient(userId) });
    const res = await getCart(cartId);
    expect(res.status).toBe(200);
    // No email, phone, address, height or weight: a link can be forwarded, screenshotted, logged.
    expect(res.body.userData).toEqual({
      id: userId,
      first_name: 'Robin',
      role: 'patient',
      session_scope: 'cart',
      token: expect.any(String),
    });
    const principal = await identity.principalOf(res.body.userData.token);
    expect(principal).toMatchObject({ userId, role: 'patient', cartId });
    // The session ends with the link: a day after the cart was saved.
    expect((await identity.sessionEndsAt(userId))?.toISOString()).toBe(
      new Date(t.clock.now().getTime() + 24 * 60 * 60 * 1000).toISOString(),
    );

    // A visitor who is logged in already gets no second session.
    expect((await getCart(cartId, t.service.as(t.patient(userId)))).body.userData).toBeNull();

    t.clock.advance(24 * 60 * 60 * 1000);
    expect((await getCart(cartId)).body.userData).toBeNull();
  });

  it("refuses another patient's cart to a logged-in patient, and its block state too", async () => {
    const owner = await identity.createUser({ email: 'owner@example.com', firstName: 'Owen' });
    const cartId = await t.saveCart({ as: t.patient(owner) });
    const stranger = t.service.as(t.patient(owner + 1000));
    const res = await getCart(cartId, stranger);
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain('Owen');
    const block = await request(t.service.app)
      .get('/api/block-user-payment')
      .query({ cart_id: cartId })
      .set(stranger);
    expect(block.status).toBe(403);
    // A session opened from another cart's link reaches only that cart.
    const otherCart = await t.saveCart({ as: t.patient(owner) });
    const scoped = t.service.as({ ...t.patient(owner), cartId: otherCart });
    expect((await getCart(otherCart, scoped)).status).toBe(200);
    expect(
      (
        await request(t.service.app)
          .get('/api/block-user-payment')
          .query({ cart_id: cartId })
          .set(scoped)
      ).status,
    ).toBe(403);
    expect(
      (await t.pay(cartId, {}, { as: { ...t.patient(owner), cartId: otherCart } })).status,
    ).toBe(403);
  });

  it('never logs anyone in as staff from a cart link', async () => {
    const staffId = await identity.createUser({ email: 'nurse@example.com', role: 'clinician' });
    const cartId = await t.saveCart({ as: t.patient(staffId) });
    expect((await getCart(cartId)).body.userData).toBeNull();
  });

  it('answers an unknown, malformed or paid cart with a message', async () => {
    expect((await getCart(randomUUID())).status).toBe(404);
    const bad = await getCart('not-a-cart');
    expect(bad.status).toBe(404);
    expect(bad.body.message).toBe('We could not find this cart.');
    const cartId = await t.saveCart();
    expect((await t.pay(cartId)).status).toBe(200);
    const paid = await getCart(cartId);
    expect(paid.status).toBe(410);
    expect(paid.body.message).toBe('This cart has already been paid.');
  });
});
