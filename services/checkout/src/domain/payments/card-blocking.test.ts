import request from 'supertest';
import { checkoutMessages } from '@clinic/contracts';
import { cards, startCheckout, type CheckoutHarness } from '../../testing/checkout-harness';

const HOUR = 60 * 60 * 1000;

describe('card blocking (spec 001 section 4)', () => {
  let t: CheckoutHarness;
  beforeAll(async () => {
    t = await startCheckout();
  });
  afterAll(async () => t.close());

  const blockStatus = (cartId: string) =>
    request(t.service.app).get('/api/block-user-payment').query({ cart_id: cartId });

  it('blocks a cart after 3 failed attempts, even with another card', async () => {
    const cartId = await t.saveCart();
    const answers = [];
    for (let i = 0; i < 3; i += 1)
      answers.push(await t.pay(cartId, { cardNumber: cards.declined }));
    expect(answers.map((a) => [a.status, a.body.attempts, a.body.cart_blocked])).toEqual([
      [402, 1, false],
      [402, 2, false],
      [402, 3, true],
    ]);
    const fourth = await t.pay(cartId, { cardNumber: cards.visa });
    expect(fourth.status).toBe(423);
    expect(fourth.body.cart_blocked).toBe(true);
    expect((await blockStatus(cartId)).body).toMatchObject({ cart_blocked: true, blocked: false });
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

  it('does not count generic declines towards the 24-hour block', async () => {
    const buyer = t.patient(502);
    for (let i = 0; i < 4; i += 1) {
      const res = await t.pay(await t.saveCart({ as: buyer }), { cardNumber: cards.declined });
      expect(res.status).toBe(402);
    }
  });
});
