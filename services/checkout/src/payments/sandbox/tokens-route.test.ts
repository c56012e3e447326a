import { eq } from 'drizzle-orm';
import request from 'supertest';
import { sandboxTokenSchema } from '@clinic/contracts';
import { ManualClock } from '@clinic/kit';
import { startServiceForTest, type ServiceUnderTest } from '@clinic/kit/testing';
import { checkoutService } from '../../app';
import { sandboxTokens } from '../../db/schema';

describe('POST /sandbox/v1/tokens', () => {
  let service: ServiceUnderTest;
  beforeAll(async () => {
    service = await startServiceForTest(
      checkoutService,
      {},
      {
        clock: new ManualClock('2026-11-22T12:00:00Z'),
      },
    );
  });
  afterAll(async () => service.close());

  const tokenize = (card: Record<string, unknown>) =>
    request(service.app).post('/sandbox/v1/tokens').send({ card });
  const good = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' };

  it("answers a token the way Stripe's tokens endpoint does, keeping no card number", async () => {
    const res = await tokenize(good);
    expect(res.status).toBe(200);
    const token = sandboxTokenSchema.parse(res.body);
    expect(token).toMatchObject({
      id: expect.stringMatching(/^tok_/),
      object: 'token',
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
      livemode: false,
      used: false,
    });
    const stored = await service.engines.database.db
      .select()
      .from(sandboxTokens)
      .where(eq(sandboxTokens.id, token.id));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain('4242424242424242');
  });

  it.each([
    [
      { ...good, number: '4242 4242 4242 4241' },
      'incorrect_number',
      'Your card number is incorrect.',
    ],
    [{ ...good, number: 'abcd' }, 'incorrect_number', 'Your card number is incorrect.'],
    [
      { ...good, exp_month: 13 },
      'invalid_expiry_month',
      "Your card's expiration month is invalid.",
    ],
    [{ ...good, exp_year: 2025 }, 'invalid_expiry_year', "Your card's expiration year is invalid."],
    [
      { ...good, exp_year: 2026, exp_month: 10 },
      'invalid_expiry_month',
      "Your card's expiration month is invalid.",
    ],
    [{ ...good, cvc: '12' }, 'invalid_cvc', "Your card's security code is invalid."],
    [
      { ...good, number: '378282246310005', cvc: '123' },
      'invalid_cvc',
      "Your card's security code is invalid.",
    ],
  ])('refuses %j with 402 %s', async (card, code, message) => {
    const res = await tokenize(card);
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({
      status: 'error',
      message,
      error: { type: 'card_error', code, message },
    });
  });

  it('answers 400 to a body without a card', async () => {
    const res = await request(service.app).post('/sandbox/v1/tokens').send({ number: '4242' });
    expect(res.status).toBe(400);
  });
});
