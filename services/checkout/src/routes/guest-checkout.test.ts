/**
 * A guest's checkout (spec 001: guests may check out) against the real identity service: every
 * paid order belongs to an account, made from the buyer's details with a set-password email, and
 * the browser gets a session to finish the order.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { checkoutMessages, existingAccountMessage } from '@clinic/contracts';
import { createLocalIdentityDirectory } from '@clinic/identity';
import type { IdentityDirectory } from '@clinic/identity-client';
import { startIdentity, testPublicUrl, type IdentityHarness } from '@clinic/identity/testing';
import { eventually } from '@clinic/kit/testing';
import { orders, paymentAttempts, subscriptions, transactions } from '../db/schema';
import {
  cards,
  guestBuyer,
  startCheckout,
  type CheckoutHarness,
} from '../testing/checkout-harness';

const settleAfterMs = 120_000;

// Two services start (identity's argon2 workers among them): room for a busy machine.
jest.setTimeout(60_000);

describe('a guest checkout', () => {
  let identity: IdentityHarness;
  let directory: IdentityDirectory;
  let t: CheckoutHarness;
  /** Identity's provisioning fails this many more times (identity out of reach). */
  let provisioningFailures = 0;
  beforeAll(async () => {
    identity = await startIdentity();
    directory = createLocalIdentityDirectory(identity.service.runtime, {
      publicUrl: testPublicUrl,
      seedDemoAccounts: false,
    });
    const flaky: IdentityDirectory = {
      ...directory,
      provisionPatient: async (request) => {
        if (provisioningFailures > 0) {
          provisioningFailures -= 1;
          throw new Error('identity is unreachable');
        }
        return directory.provisionPatient(request);
      },
    };
    t = await startCheckout({ identity: flaky, settleAfterMs });
  });
  afterAll(async () => {
    await t.close();
    await identity.close();
  });

  const orderOf = async (cartId: string) => {
    const [order] = await t.db
      .select({ id: orders.id, userId: orders.userId })
      .from(orders)
      .where(eq(orders.cartId, cartId));
    return order ?? null;
  };
  const accountOf = (email: string) => directory.userIdByEmail(email);

  it('is refused before any charge without the buyer', async () => {
    const cartId = await t.saveCart();
    const before = await t.charges();
    for (const guest of [null, undefined]) {
      const res = await t.pay(cartId, { guest });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        message: checkoutMessages.guestDetailsRequired,
        guest_required: true,
      });
    }
    const noEmail = await t.pay(cartId, { guest: guestBuyer({ email: '' }) });
    expect(noEmail.status).toBe(400);
    expect(await t.charges()).toBe(before);
    expect(await orderOf(cartId)).toBeNull();
  });

  it('is refused before any charge when the email has an account: that buyer logs in', async () => {
    await identity.createUser({ email: 'has.account@example.com', firstName: 'Hana' });
    const cartId = await t.saveCart();
    const before = await t.charges();
    const res = await t.pay(cartId, { guest: guestBuyer({ email: 'Has.Account@Example.com' }) });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: existingAccountMessage, existing_account: true });
    expect(await t.charges()).toBe(before);
    expect(await orderOf(cartId)).toBeNull();
  });

  it('makes the order an account from the email: a set-password email, and a session to go on', async () => {
    const cartId = await t.saveCart();
    const email = `guest.${randomUUID().slice(0, 8)}@example.com`;
    const paid = await t.pay(cartId, {
      guest: guestBuyer({ email, first_name: 'Gina', last_name: 'Guest', phone: '(512) 555-0123' }),
    });
    expect(paid.status).toBe(200);

    const userId = await accountOf(email);
    expect(userId).not.toBeNull();
    const order = await orderOf(cartId);
    expect(order).toEqual({ id: paid.body.prescriptionPreauths[0].orderId, userId });
    const [subscription] = await t.db
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(eq(subscriptions.orderId, order!.id));
    expect(subscription?.userId).toBe(userId);
    const [transaction] = await t.db
      .select({ userId: transactions.userId })
      .from(transactions)
      .where(eq(transactions.orderId, order!.id));
    expect(transaction?.userId).toBe(userId);
    const published = await t.query<{ envelope: { data: { orderId: number; userId: number } } }>(
      sql`select envelope from checkout.outbox where name = 'payment-succeeded'`,
    );
    expect(published.map((e) => e.envelope.data)).toContainEqual(
      expect.objectContaining({ orderId: order!.id, userId }),
    );

    // The browser logs in as the quiz's answer does: the new account's own session.
    expect(paid.body.userData).toMatchObject({
      id: userId,
      first_name: 'Gina',
      last_name: 'Guest',
      email,
      phone: '5125550123',
      state: 'TX',
      role: 'patient',
      token: expect.any(String),
    });
    expect(await identity.principalOf(paid.body.userData.token)).toMatchObject({
      userId,
      role: 'patient',
      cartId: null,
    });
    await identity.queueIdle();
    const [welcome] = await identity.inbox(email);
    expect(welcome?.subject).toBe('Set your password');
  });

  it("asks staff paying a guest's cart (the call center) for the buyer too, and hands them no session", async () => {
    const staff = { ...t.patient(5001), role: 'support' as const };
    const cartId = await t.saveCart();
    expect((await t.pay(cartId, { guest: null }, { as: staff })).status).toBe(400);
    const buyer = guestBuyer();
    const paid = await t.pay(cartId, { guest: buyer }, { as: staff });
    expect(paid.status).toBe(200);
    expect(paid.body.userData).toBeUndefined();
    expect((await orderOf(cartId))?.userId).toBe(await accountOf(buyer.email));
  });

  it('makes no account for a declined card; the same buyer then pays with another', async () => {
    const cartId = await t.saveCart();
    const buyer = guestBuyer();
    const declined = await t.pay(cartId, { guest: buyer, cardNumber: cards.declined });
    expect(declined.status).toBe(402);
    expect(await accountOf(buyer.email)).toBeNull();
    const paid = await t.pay(cartId, { guest: buyer });
    expect(paid.status).toBe(200);
    expect((await orderOf(cartId))?.userId).toBe(await accountOf(buyer.email));
  });

  it('answers a repeat of the key with the same order and a session scoped to its cart', async () => {
    const cartId = await t.saveCart();
    const buyer = guestBuyer();
    const cardToken = await t.token(cards.visa);
    const key = randomUUID();
    const first = await t.pay(cartId, { guest: buyer, cardToken }, { key });
    const again = await t.pay(cartId, { guest: buyer, cardToken }, { key });
    expect(again.status).toBe(200);
    expect(again.body.transaction_id).toBe(first.body.transaction_id);
    const userId = await accountOf(buyer.email);
    expect(again.body.userData).toEqual({
      id: userId,
      first_name: buyer.first_name,
      role: 'patient',
      session_scope: 'cart',
      token: expect.any(String),
    });
    expect(await identity.principalOf(again.body.userData.token)).toMatchObject({
      userId,
      cartId,
    });
  });

  it('makes the account when the order is settled, if identity failed right after the charge', async () => {
    const cartId = await t.saveCart();
    const buyer = guestBuyer();
    const cardToken = await t.token(cards.visa);
    const key = randomUUID();
    const before = await t.charges();
    provisioningFailures = 1;
    const lost = await t.pay(cartId, { guest: buyer, cardToken }, { key });
    expect(lost.status).toBe(502);
    expect(await t.charges()).toBe(before + 1);
    expect(await orderOf(cartId)).toBeNull();

    // The settle job, with the details kept in the attempt.
    t.clock.advance(settleAfterMs);
    await eventually(async () => {
      const [attempt] = await t.db
        .select({ status: paymentAttempts.status })
        .from(paymentAttempts)
        .where(eq(paymentAttempts.cartId, cartId));
      expect(attempt?.status).toBe('succeeded');
    });
    const userId = await accountOf(buyer.email);
    expect(userId).not.toBeNull();
    expect((await orderOf(cartId))?.userId).toBe(userId);
    expect(await t.charges()).toBe(before + 1);

    const retry = await t.pay(cartId, { guest: buyer, cardToken }, { key });
    expect(retry.status).toBe(200);
    expect(retry.body.userData).toMatchObject({ id: userId, session_scope: 'cart' });
  });
});
