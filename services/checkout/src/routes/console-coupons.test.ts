import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import request from 'supertest';
import {
  amountDueTodayCents,
  catalogAdminMessages,
  couponMessages,
  type CouponInput,
} from '@clinic/contracts';
import { testPrincipal } from '@clinic/kit/testing';
import { couponChanges, couponRedemptions, coupons, orders } from '../db/schema';
import { cards, fakeIdentity, startCheckout, type CheckoutHarness } from '../testing';

const admin = testPrincipal({ userId: 7001, role: 'admin', sessionId: 'admin-session' });

/** A coupon as the console sends it: $30 off any term, no window, no caps. */
function couponInput(overrides: Partial<CouponInput> = {}): CouponInput {
  return {
    code: `NEW${randomUUID().slice(0, 8)}`,
    amountCents: 3000,
    paymentTerms: null,
    startsAt: null,
    expiresAt: null,
    maxUses: null,
    maxUsesPerPatient: null,
    active: true,
    ...overrides,
  };
}

describe('coupons as the admin keeps them', () => {
  let h: CheckoutHarness;
  beforeAll(async () => {
    const identity = fakeIdentity();
    h = await startCheckout({
      identity: {
        ...identity,
        async staffMember(userId) {
          return { id: userId, first_name: 'Ada', last_name: 'Admin', role: 'admin' };
        },
      },
    });
  });
  afterAll(async () => h.close());

  const asAdmin = () => h.service.as(admin);
  const create = (body: object) =>
    request(h.service.app).post('/api/console/coupons').set(asAdmin()).send(body);
  const change = (id: number, body: object) =>
    request(h.service.app).put(`/api/console/coupons/${id}`).set(asAdmin()).send(body);
  const validate = (coupon: string, payment_terms: number) =>
    request(h.service.app).post('/api/validate-coupon').send({ coupon, payment_terms });
  /** Pays the 6-month tirzepatide plan of a new cart with `code`. */
  const payWith = async (code: string, opts: { as?: ReturnType<typeof h.patient> } = {}) => {
    const cart = await h.saveCart(opts.as ? { as: opts.as } : {});
    const discount = (await validate(code, 6)).body.c_val * 100;
    return h.pay(
      cart,
      { couponCode: code, amount: amountDueTodayCents('tirzepatide', 6, discount) },
      opts.as ? { as: opts.as } : {},
    );
  };
  const auditLines = async (action: string) =>
    (await h.service.runtime.audit.page(h.db, { action, limit: 100 })).entries;
  const couponCount = async () => (await h.db.select({ n: count() }).from(coupons))[0]?.n;

  it('a coupon an admin creates works at checkout at once, and is recorded', async () => {
    const input = couponInput({ amountCents: 4000, paymentTerms: [6, 12] });
    const created = await create(input);
    expect(created.status).toBe(200);
    expect(created.body.coupon).toMatchObject({ ...input, uses: 0, version: 1 });
    const id = created.body.coupon.id as number;

    expect((await validate(input.code.toLowerCase(), 6)).body).toEqual({
      status: 'success',
      coupon_id: id,
      c_val: 40,
    });
    expect((await validate(input.code, 3)).body.message).toBe(couponMessages.wrongTerm);

    const paid = await payWith(input.code);
    expect(paid.status).toBe(200);
    const [order] = await h.db.select().from(orders).where(eq(orders.couponId, id));
    expect(order).toMatchObject({ discountCents: 4000, amountCents: 134982 - 4000 });

    const [line] = await auditLines('coupon.create');
    expect(line).toMatchObject({
      staff: { id: admin.userId, name: 'Ada Admin', role: 'admin' },
      refs: { coupon: id, version: 1 },
    });
    const history = await request(h.service.app)
      .get(`/api/console/coupons/${id}/history`)
      .set(asAdmin());
    expect(history.body.changes).toEqual([
      expect.objectContaining({ version: 1, before: null, after: input }),
    ]);
  });

  it('stops at its cap when ten pay at once: exactly three of ten succeed', async () => {
    const input = couponInput({ maxUses: 3 });
    const id = (await create(input)).body.coupon.id as number;
    const chargesBefore = await h.charges();
    const carts = await Promise.all(Array.from({ length: 10 }, () => h.saveCart()));
    const amount = amountDueTodayCents('tirzepatide', 6, input.amountCents);
    const answers = await Promise.all(
      carts.map((cart) => h.pay(cart, { couponCode: input.code, amount })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 200, 409, 409, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.body.message).toBe(couponMessages.usedUp);
    expect(await h.charges()).toBe(chargesBefore + 3);
    const [used] = await h.db
      .select({ n: count() })
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, id));
    expect(used?.n).toBe(3);
    // Used up: the checkout page is told so when the code is entered.
    expect((await validate(input.code, 6)).body.message).toBe(couponMessages.usedUp);
  });

  it('holds its per-patient cap, and a declined card gives its use back', async () => {
    const input = couponInput({ maxUses: 5, maxUsesPerPatient: 1 });
    const patient = h.patient(4242);
    const amount = amountDueTodayCents('tirzepatide', 6, input.amountCents);
    await create(input);

    const declined = await h.pay(
      await h.saveCart({ as: patient }),
      {
        couponCode: input.code,
        amount,
        cardNumber: cards.declined,
      },
      { as: patient },
    );
    expect(declined.status).toBe(402);
    expect((await payWith(input.code, { as: patient })).status).toBe(200);
    const again = await payWith(input.code, { as: patient });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(couponMessages.usedUpByYou);
    // Another patient still may.
    expect((await payWith(input.code, { as: h.patient(4343) })).status).toBe(200);
  });

  it('applies only within its window', async () => {
    const now = h.clock.now().getTime();
    const input = couponInput({
      startsAt: new Date(now + 60 * 60 * 1000).toISOString(),
      expiresAt: new Date(now + 2 * 60 * 60 * 1000).toISOString(),
    });
    expect((await create(input)).status).toBe(200);
    expect((await validate(input.code, 6)).status).toBe(404);
    h.clock.advance(90 * 60 * 1000);
    expect((await validate(input.code, 6)).status).toBe(200);
    h.clock.advance(60 * 60 * 1000);
    expect((await validate(input.code, 6)).status).toBe(404);
  });

  it.each([
    ['a negative discount', { amountCents: -500 }, 400],
    ['a discount larger than the plan price', { amountCents: 13500 }, 400],
    ['an unknown term', { paymentTerms: [5] }, 400],
    [
      'an expiry before its start',
      { startsAt: '2026-12-10T00:00:00Z', expiresAt: '2026-12-01T00:00:00Z' },
      400,
    ],
    ['a duplicate code', { code: 'welcome25' }, 409],
  ])('refuses %s and changes nothing', async (_what, overrides, status) => {
    const before = await couponCount();
    const lines = (await auditLines('coupon.create')).length;
    const res = await create(couponInput(overrides as Partial<CouponInput>));
    expect(res.status).toBe(status);
    expect(res.body.status).toBe('error');
    expect(await couponCount()).toBe(before);
    expect(await auditLines('coupon.create')).toHaveLength(lines);
  });

  it('names the lowest price a too-large discount is measured against', async () => {
    // Month 1 of semaglutide, $134.99, is the least any term-less coupon is charged against;
    // on the 6- and 12-month terms it is semaglutide's 6 months, $809.95.
    expect((await create(couponInput({ amountCents: 13500 }))).body.message).toBe(
      catalogAdminMessages.largerThanPrice(13499),
    );
    expect((await create(couponInput({ amountCents: 13500, paymentTerms: [6, 12] }))).status).toBe(
      200,
    );
  });

  it('changes a coupon from the version seen, with its history and audit line', async () => {
    const input = couponInput();
    const id = (await create(input)).body.coupon.id as number;
    const changed = await change(id, { coupon: { ...input, amountCents: 1500 }, version: 1 });
    expect(changed.status).toBe(200);
    expect(changed.body.coupon).toMatchObject({ amountCents: 1500, version: 2 });
    expect((await validate(input.code, 6)).body.c_val).toBe(15);

    const stale = await change(id, { coupon: { ...input, amountCents: 999 }, version: 1 });
    expect(stale.status).toBe(409);
    const tooLarge = await change(id, { coupon: { ...input, amountCents: 99_999 }, version: 2 });
    expect(tooLarge.status).toBe(400);
    const [row] = await h.db.select().from(coupons).where(eq(coupons.id, id));
    expect(row).toMatchObject({ amountCents: 1500, version: 2 });

    const changes = await h.db.select().from(couponChanges).where(eq(couponChanges.couponId, id));
    expect(
      changes.map((c) => [c.version, c.before?.amountCents ?? null, c.after.amountCents]),
    ).toEqual([
      [1, null, 3000],
      [2, 3000, 1500],
    ]);
    expect((await auditLines('coupon.change')).filter((l) => l.refs.coupon === id)).toMatchObject([
      { refs: { coupon: id, version: 2 }, staff: { role: 'admin' } },
    ]);
    expect((await change(999_999, { coupon: input, version: 1 })).status).toBe(404);
  });

  it('is for admins only', async () => {
    const support = testPrincipal({ userId: 7002, role: 'support', sessionId: 'support-session' });
    const res = await request(h.service.app).get('/api/console/coupons').set(h.service.as(support));
    expect(res.status).toBe(403);
    const list = await request(h.service.app).get('/api/console/coupons').set(asAdmin());
    expect(list.status).toBe(200);
    expect(list.body.coupons.map((c: { code: string }) => c.code)).toContain('WELCOME25');
  });
});
