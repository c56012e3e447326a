import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { checkoutMessages, couponMessages } from '@clinic/contracts';
import { eventually } from '@clinic/kit/testing';
import { orders, paymentFailures, subscriptions, transactions } from '../db/schema';
import { cards, shipping, startCheckout, type CheckoutHarness } from '../testing/checkout-harness';

describe('POST /api/checkout-new', () => {
  let t: CheckoutHarness;
  beforeAll(async () => {
    t = await startCheckout();
  });
  afterAll(async () => t.close());

  it('charges 4242 the server price and stores order, preauth, transaction, subscription and event together', async () => {
    const buyer = t.patient(101);
    const cartId = await t.saveCart({ as: buyer });
    const res = await t.pay(cartId, { c_id: 'aff-77' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'success',
      prescriptionPreauths: [
        { orderId: expect.any(Number), product_id: 1, product_name: 'Tirzepatide' },
      ],
      transaction_id: expect.stringMatching(/^ch_/),
      customerId: expect.stringMatching(/^cus_/),
      amount: 134982,
      payment_terms: 6,
    });
    const orderId = res.body.prescriptionPreauths[0].orderId as number;
    const [order] = await t.db
      .select({
        userId: orders.userId,
        status: orders.status,
        paymentTerms: orders.paymentTerms,
        amountCents: orders.amountCents,
        shippingAddress: orders.shippingAddress,
      })
      .from(orders)
      .where(eq(orders.id, orderId));
    expect(order).toEqual({
      userId: 101,
      status: 'pending_approval',
      paymentTerms: 6,
      amountCents: 134982,
      shippingAddress: expect.objectContaining({
        addressLine1: '1200 Congress Ave',
        zip: '78701',
      }),
    });
    const [transaction] = await t.db
      .select({
        transactionId: transactions.transactionId,
        amountCents: transactions.amountCents,
        status: transactions.status,
        cardLast4: transactions.cardLast4,
      })
      .from(transactions)
      .where(eq(transactions.orderId, orderId));
    expect(transaction).toEqual({
      transactionId: res.body.transaction_id,
      amountCents: 134982,
      status: 'success',
      cardLast4: '4242',
    });
    const [subscription] = await t.db
      .select({
        status: subscriptions.status,
        paymentTerms: subscriptions.paymentTerms,
        amountCents: subscriptions.amountCents,
        nextBillingDate: subscriptions.nextBillingDate,
        paymentMethodId: subscriptions.paymentMethodId,
      })
      .from(subscriptions)
      .where(eq(subscriptions.orderId, orderId));
    expect(subscription).toMatchObject({
      status: 'active',
      paymentTerms: 6,
      amountCents: 134982,
    });
    expect(subscription!.nextBillingDate.toISOString()).toBe('2027-05-22T12:00:00.000Z');
    expect(subscription!.paymentMethodId).toMatch(/^pm_/);
    await eventually(async () => {
      // The outbox is the kit's table: checkout's schema does not declare it.
      const [event] = await t.query<{ envelope: { data: Record<string, unknown> } }>(
        sql`select envelope from checkout.outbox where name = 'payment-succeeded'
            and envelope->'data'->>'orderId' = ${String(orderId)}`,
      );
      expect(event?.envelope.data).toMatchObject({
        kind: 'checkout',
        userId: 101,
        amountCents: 134982,
        currency: 'USD',
        conversionId: 'aff-77',
      });
    });
  });

  it.each([
    [1, 'tirzepatide', 22499],
    [3, 'tirzepatide', 74997],
    [12, 'tirzepatide', 229997],
    [6, 'semaglutide', 80995],
    [1, 'semaglutide', 13499],
  ] as const)('charges term %i of %s %i cents', async (term, drug, cents) => {
    const cartId = await t.saveCart({ drug });
    const res = await t.pay(cartId, { payment_terms: term, amount: cents });
    expect(res.status).toBe(200);
    expect(res.body.amount).toBe(cents);
  });

  it('takes a coupon off the server price and refuses one for the wrong term', async () => {
    const cartId = await t.saveCart();
    const wrong = await t.pay(cartId, { payment_terms: 3, amount: 64997, couponCode: 'SAVE100' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(couponMessages.wrongTerm);
    const res = await t.pay(cartId, { couponCode: 'SAVE100', amount: 124982, discount: 100 });
    expect(res.status).toBe(200);
    expect(res.body.amount).toBe(124982);
  });

  it.each([
    ['declined', cards.declined, 'generic_decline', 'Your card was declined.'],
    [
      'insufficient funds',
      cards.insufficientFunds,
      'insufficient_funds',
      'Your card has insufficient funds.',
    ],
    ['expired', cards.expired, 'expired_card', 'Your card has expired.'],
    [
      'processing error',
      cards.processingError,
      'processing_error',
      'An error occurred while processing your card. Try again in a little bit.',
    ],
  ])('answers the %s test card with 402 and its code', async (_what, number, code, message) => {
    const cartId = await t.saveCart();
    const res = await t.pay(cartId, { cardNumber: number });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ status: 'error', code, message, attempts: 1 });
    expect(
      await t.db.select({ id: orders.id }).from(orders).where(eq(orders.cartId, cartId)),
    ).toEqual([]);
  });

  describe('bad input charges nothing', () => {
    const refused = async (
      body: Record<string, unknown>,
      status: number,
      message: string | RegExp,
      opts: { key?: string | null; cartId?: string } = {},
    ) => {
      const before = await t.charges();
      const cartId = opts.cartId ?? (await t.saveCart());
      const res = await t.pay(cartId, body, { key: opts.key });
      expect(res.status).toBe(status);
      if (typeof message === 'string') expect(res.body.message).toContain(message);
      else expect(res.body.message).toMatch(message);
      expect(await t.charges()).toBe(before);
    };

    it('a tampered amount', () => refused({ amount: 100 }, 400, checkoutMessages.amountMismatch));
    it('an unknown cart', () =>
      refused({}, 404, checkoutMessages.unknownCart, { cartId: randomUUID() }));
    it('a term of 5', () => refused({ payment_terms: 5 as never }, 400, /1, 3, 6 or 12 months/));
    it('10 kB address lines', () =>
      refused({ shippingAddress: { ...shipping, addressLine1: 'x'.repeat(10240) } }, 400, /256/));
    it.each([
      'P.O. Box 123',
      'POB 12',
      'Box 7',
      'P.O.B. 77',
      'Postal Box 12',
      'P. O. B o x 12',
      'PO \u0412\u043E\u0445 12', // Cyrillic В, о, х
      'P\u200BO Box 12', // a zero-width space
      'ＰＯ ＢＯＸ 12', // full-width letters
    ])('a P.O. box written %j', (line) =>
      refused(
        { shippingAddress: { ...shipping, addressLine1: line } },
        400,
        checkoutMessages.poBox,
      ),
    );
    it('no Idempotency-Key', () =>
      refused({}, 400, checkoutMessages.idempotencyKeyRequired, { key: null }));

    it('a card token reused after a success', async () => {
      const token = await t.token(cards.visa);
      expect((await t.pay(await t.saveCart(), { cardToken: token })).status).toBe(200);
      await refused({ cardToken: token }, 400, checkoutMessages.cardTokenUsed);
    });

    it('a cart that is already paid', async () => {
      const cartId = await t.saveCart();
      expect((await t.pay(cartId)).status).toBe(200);
      await refused({}, 409, checkoutMessages.activeOrder, { cartId });
    });
  });

  describe('Idempotency-Key', () => {
    /** A payment's answer without the guest's session (`userData`). */
    const withoutSession = ({ userData: _session, ...answer }: Record<string, unknown>) => answer;

    it('answers a repeated key with the first result and charges once', async () => {
      const cartId = await t.saveCart();
      const token = await t.token(cards.visa);
      const key = randomUUID();
      const before = await t.charges();
      const first = await t.pay(cartId, { cardToken: token }, { key });
      const second = await t.pay(cartId, { cardToken: token }, { key });
      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      // The guest's session differs (the repeat gets one scoped to the cart); the payment not.
      expect(withoutSession(second.body)).toEqual(withoutSession(first.body));
      expect(await t.charges()).toBe(before + 1);
    });

    it('charges once when the same key arrives twice at the same moment', async () => {
      const cartId = await t.saveCart();
      const token = await t.token(cards.visa);
      const key = randomUUID();
      const before = await t.charges();
      const [a, b] = await Promise.all([
        t.pay(cartId, { cardToken: token }, { key }),
        t.pay(cartId, { cardToken: token }, { key }),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(withoutSession(a.body)).toEqual(withoutSession(b.body));
      expect(await t.charges()).toBe(before + 1);
      const placed = await t.db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.cartId, cartId));
      expect(placed).toHaveLength(1);
    });

    it('replays a decline too, without counting it twice', async () => {
      const cartId = await t.saveCart();
      const token = await t.token(cards.declined);
      const key = randomUUID();
      const first = await t.pay(cartId, { cardToken: token }, { key });
      const second = await t.pay(cartId, { cardToken: token }, { key });
      expect(second.status).toBe(402);
      expect(second.body).toEqual(first.body);
      const failures = await t.db
        .select({ id: paymentFailures.id })
        .from(paymentFailures)
        .where(eq(paymentFailures.cartId, cartId));
      expect(failures).toHaveLength(1);
    });

    it('refuses a key the caller reused with a different payment', async () => {
      const key = randomUUID();
      const as = t.patient(611);
      expect((await t.pay(await t.saveCart({ as }), {}, { key, as })).status).toBe(200);
      const other = await t.pay(await t.saveCart({ as }), {}, { key, as });
      expect(other.status).toBe(422);
      expect(other.body.message).toBe(checkoutMessages.idempotencyKeyReused);
    });

    it("keeps keys to their caller: another account's key reveals nothing and charges its own cart", async () => {
      const key = randomUUID();
      const first = t.patient(612);
      const second = t.patient(613);
      const paid = await t.pay(await t.saveCart({ as: first }), {}, { key, as: first });
      expect(paid.status).toBe(200);
      const before = await t.charges();
      const theirs = await t.pay(await t.saveCart({ as: second }), {}, { key, as: second });
      expect(theirs.status).toBe(200);
      expect(theirs.body.transaction_id).not.toBe(paid.body.transaction_id);
      expect(await t.charges()).toBe(before + 1);
      // A visitor without a login paying another cart with the key: its own attempt too.
      const guest = await t.pay(await t.saveCart(), {}, { key });
      expect(guest.status).toBe(200);
      expect(await t.charges()).toBe(before + 2);
    });
  });

  it('tells the browser which processor tokenises cards', async () => {
    const res = await request(t.service.app).get('/api/payment-config');
    // Production unless the process says otherwise: the page words nothing for developers.
    expect(res.body).toEqual({
      processor: 'sandbox',
      publishableKey: null,
      environment: 'production',
    });
  });
});
