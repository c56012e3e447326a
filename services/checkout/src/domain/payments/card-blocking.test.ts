import { count, inArray } from 'drizzle-orm';
import request from 'supertest';
import { checkoutMessages } from '@clinic/contracts';
import { paymentFailures, sandboxCharges } from '../../db/schema';
import { cards, startCheckout, type CheckoutHarness } from '../../testing/checkout-harness';
import { cardRefusedMessage, cartBlockedMessage } from './card-blocking';

const HOUR = 60 * 60 * 1000;

describe('card blocking (spec 001 section 4)', () => {
  let t: CheckoutHarness;
  beforeAll(async () => {
    t = await startCheckout();
  });
  afterAll(async () => t.close());

  const blockStatus = (cartId: string) =>
    request(t.service.app).get('/api/block-user-payment').query({ cart_id: cartId });

  /** Every call that reached the sandbox processor's charge, declined or not. */
  const processorCharges = async () =>
    (await t.db.select({ n: count() }).from(sandboxCharges))[0]!.n;

  it('refuses a card that failed 3 times on a cart, before charging it; a different card pays', async () => {
    const cartId = await t.saveCart();
    const answers = [];
    for (let i = 0; i < 3; i += 1)
      answers.push(await t.pay(cartId, { cardNumber: cards.declined }));
    expect(
      answers.map((a) => [a.status, a.body.attempts, a.body.card_refused, a.body.cart_blocked]),
    ).toEqual([
      [402, 1, false, false],
      [402, 2, false, false],
      [402, 3, true, false],
    ]);

    // The same card again, with a new token: refused without reaching the processor.
    const charged = await processorCharges();
    const fourth = await t.pay(cartId, { cardNumber: cards.declined });
    expect(fourth.status).toBe(423);
    expect(fourth.body).toMatchObject({ message: cardRefusedMessage, card_refused: true });
    expect(fourth.body.cart_blocked).toBeUndefined();
    expect(await processorCharges()).toBe(charged);
    expect((await blockStatus(cartId)).body).toMatchObject({ cart_blocked: false, blocked: false });

    const other = await t.pay(cartId, { cardNumber: cards.visa });
    expect(other.status).toBe(200);
  });

  it('refuses the card on that cart only: it still reaches the processor for another cart', async () => {
    const first = await t.saveCart();
    for (let i = 0; i < 3; i += 1) await t.pay(first, { cardNumber: cards.declined });
    const elsewhere = await t.pay(await t.saveCart(), { cardNumber: cards.declined });
    expect(elsewhere.status).toBe(402);
    expect(elsewhere.body).toMatchObject({ attempts: 1, card_refused: false });
  });

  it('blocks the patient for 24 hours on the 4th insufficient-funds decline, then lets them pay', async () => {
    const buyer = t.patient(501);
    const first = await t.saveCart({ as: buyer });
    for (let i = 0; i < 3; i += 1)
      expect((await t.pay(first, { cardNumber: cards.insufficientFunds })).status).toBe(402);
    const second = await t.saveCart({ as: buyer });
    const fourth = await t.pay(second, { cardNumber: cards.insufficientFunds });
    expect(fourth.status).toBe(423);
    expect(fourth.body).toMatchObject({
      message: checkoutMessages.cardBlocked,
      blocked: true,
      blocked_until: '2026-11-23T12:00:00.000Z',
    });
    const mine = await request(t.service.app)
      .get('/api/block-user-payment')
      .set(t.service.as(buyer));
    expect(mine.body).toEqual({
      status: 'success',
      blocked: true,
      cart_blocked: false,
      blocked_until: '2026-11-23T12:00:00.000Z',
    });
    const before = await t.charges();
    const whileBlocked = await t.pay(second, { cardNumber: cards.visa });
    expect(whileBlocked.status).toBe(423);
    expect(await t.charges()).toBe(before);

    t.clock.advance(24 * HOUR - 1000);
    expect((await t.pay(second, { cardNumber: cards.visa })).status).toBe(423);
    t.clock.advance(1000);
    expect((await blockStatus(second)).body.blocked).toBe(false);
    expect((await t.pay(second, { cardNumber: cards.visa })).status).toBe(200);
  });

  it('counts pick-up-card declines (a lost card) and follows the card across guest carts', async () => {
    for (let i = 0; i < 3; i += 1) {
      const res = await t.pay(await t.saveCart(), { cardNumber: cards.lostCard });
      expect(res.status).toBe(402);
      expect(res.body.message).toBe('Your card was declined: pick up card.');
    }
    const fourth = await t.pay(await t.saveCart(), { cardNumber: cards.lostCard });
    expect(fourth.status).toBe(423);
    expect(fourth.body.blocked).toBe(true);
  });

  it('counts card_declined declines on the cart, and not towards the 24-hour block', async () => {
    const buyer = t.patient(503);
    const carts: string[] = [];
    const newCart = async () => {
      carts.push(await t.saveCart({ as: buyer }));
      return carts.at(-1)!;
    };
    const pay = async (cartId: string) =>
      t.pay(cartId, { cardNumber: cards.realCard }, { as: buyer });
    const cartId = await newCart();
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await pay(cartId));
    expect(
      answers.map((a) => [a.status, a.body.message, a.body.attempts, a.body.card_refused]),
    ).toEqual([
      [402, 'Your card was declined.', 1, false],
      [402, 'Your card was declined.', 2, false],
      [402, 'Your card was declined.', 3, true],
    ]);
    const charged = await processorCharges();
    const fourth = await pay(cartId);
    expect(fourth.status).toBe(423);
    expect(fourth.body).toMatchObject({ message: cardRefusedMessage, card_refused: true });
    expect(await processorCharges()).toBe(charged);

    // Unlike insufficient funds, more declines on new carts never block the patient or the card.
    for (let i = 0; i < 2; i += 1) expect((await pay(await newCart())).status).toBe(402);
    const mine = await request(t.service.app)
      .get('/api/block-user-payment')
      .set(t.service.as(buyer));
    expect(mine.body).toMatchObject({ blocked: false, blocked_until: null });
    // The declines were the processor's card_declined, each kept as one.
    const kept = await t.db
      .select({ code: paymentFailures.declineCode, noFunds: paymentFailures.noFunds })
      .from(paymentFailures)
      .where(inArray(paymentFailures.cartId, carts));
    expect(kept).toEqual(Array(5).fill({ code: 'card_declined', noFunds: false }));
  });

  it('does not count generic declines towards the 24-hour block', async () => {
    const buyer = t.patient(502);
    for (let i = 0; i < 4; i += 1) {
      const res = await t.pay(await t.saveCart({ as: buyer }), { cardNumber: cards.declined });
      expect(res.status).toBe(402);
    }
  });

  it('blocks the cart for 24 hours after 6 failed attempts in all, whatever the card', async () => {
    const cartId = await t.saveCart();
    const dayLater = new Date(t.clock.now().getTime() + 24 * HOUR).toISOString();
    const answers = [];
    for (const card of [cards.declined, cards.expired, cards.processingError])
      for (let i = 0; i < 2; i += 1) answers.push(await t.pay(cartId, { cardNumber: card }));
    expect(answers.map((a) => [a.status, a.body.attempts, a.body.cart_blocked])).toEqual([
      [402, 1, false],
      [402, 2, false],
      [402, 1, false],
      [402, 2, false],
      [402, 1, false],
      [402, 2, true],
    ]);
    expect(answers[5]!.body.cart_blocked_until).toBe(dayLater);

    const charged = await processorCharges();
    const good = await t.pay(cartId, { cardNumber: cards.visa });
    expect(good.status).toBe(423);
    expect(good.body).toMatchObject({
      message: cartBlockedMessage,
      cart_blocked: true,
      cart_blocked_until: dayLater,
    });
    expect(await processorCharges()).toBe(charged);
    expect((await blockStatus(cartId)).body).toMatchObject({ cart_blocked: true, blocked: false });
    // The block is the cart's: the patient's other carts may pay.
    expect((await t.pay(await t.saveCart(), { cardNumber: cards.visa })).status).toBe(200);

    t.clock.advance(24 * HOUR - 1000);
    expect((await t.pay(cartId, { cardNumber: cards.visa })).status).toBe(423);
    t.clock.advance(1000);
    expect((await blockStatus(cartId)).body.cart_blocked).toBe(false);
    expect((await t.pay(cartId, { cardNumber: cards.visa })).status).toBe(200);
  });
});
