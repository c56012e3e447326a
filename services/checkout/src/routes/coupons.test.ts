import request from 'supertest';
import { couponMessages } from '@clinic/contracts';
import { ManualClock } from '@clinic/kit';
import { startServiceForTest, type ServiceUnderTest } from '@clinic/kit/testing';
import { checkoutService } from '../app';
import { coupons } from '../db/schema';

describe('POST /api/validate-coupon', () => {
  const clock = new ManualClock('2026-11-22T12:00:00Z');
  let service: ServiceUnderTest;
  beforeAll(async () => {
    service = await startServiceForTest(checkoutService, {}, { clock });
    await service.engines.database.db.insert(coupons).values([
      {
        code: 'ENDED',
        amountCents: 1000,
        paymentTerms: null,
        active: true,
        expiresAt: new Date('2026-11-01T00:00:00Z'),
      },
      { code: 'PAUSED', amountCents: 1000, paymentTerms: null, active: false, expiresAt: null },
    ]);
  });
  afterAll(async () => service.close());

  const validate = (coupon: unknown, payment_terms: unknown) =>
    request(service.app).post('/api/validate-coupon').send({ coupon, payment_terms });

  it('answers the flat discount in dollars, whatever the case of the code', async () => {
    const res = await validate(' welcome25 ', 1);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', coupon_id: expect.any(Number), c_val: 25 });
  });

  it('accepts a term-bound coupon on its terms only', async () => {
    expect((await validate('SAVE100', 6)).body.c_val).toBe(100);
    expect((await validate('SAVE100', 12)).body.c_val).toBe(100);
    const wrong = await validate('SAVE100', 3);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(couponMessages.wrongTerm);
  });

  it.each([
    ['an empty code', '  ', 400, couponMessages.empty],
    ['an unknown code', 'FREESTUFF', 404, couponMessages.invalid],
    ['an expired coupon', 'ENDED', 404, couponMessages.invalid],
    ['a deactivated coupon', 'PAUSED', 404, couponMessages.invalid],
  ])('refuses %s', async (_what, code, status, message) => {
    const res = await validate(code, 6);
    expect(res.status).toBe(status);
    expect(res.body.message).toContain(message);
  });

  it('answers 400 to a term of 5 and to a 10 kB code', async () => {
    expect((await validate('WELCOME25', 5)).status).toBe(400);
    expect((await validate('x'.repeat(10_000), 6)).status).toBe(400);
  });
});
