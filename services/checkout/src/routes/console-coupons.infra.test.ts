/**
 * A coupon's cap on a PostgreSQL server, where the payments racing for its last uses really run
 * at the same time (the embedded database runs one transaction at a time): the lock on the
 * coupon's row is what keeps the count exact.
 */
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import request from 'supertest';
import { amountDueTodayCents, couponMessages } from '@clinic/contracts';
import { baseConfigSchema, loadConfig, ManualClock, openEngines } from '@clinic/kit';
import { infraEnv, silentLogger, testPrincipal } from '@clinic/kit/testing';
import { couponRedemptions } from '../db/schema';
import { fakeIdentity, startCheckout, type CheckoutHarness } from '../testing';

describe('a coupon cap on PostgreSQL', () => {
  let h: CheckoutHarness;
  let closeEngines: () => Promise<void>;
  beforeAll(async () => {
    const clock = new ManualClock('2026-11-22T12:00:00Z');
    const engines = await openEngines(
      loadConfig(baseConfigSchema, { DATABASE_URL: infraEnv().DATABASE_URL }),
      { processName: 'coupon-cap-test', logger: silentLogger, clock },
    );
    closeEngines = () => engines.close();
    h = await startCheckout(
      {
        identity: {
          ...fakeIdentity(),
          async staffMember(userId) {
            return { id: userId, first_name: 'Ada', last_name: 'Admin', role: 'admin' };
          },
        },
      },
      { engines, clock },
    );
  });
  afterAll(async () => {
    await h.close();
    await closeEngines();
  });

  it('lets exactly three of ten concurrent payments use a coupon capped at three', async () => {
    const admin = testPrincipal({ userId: 7201, role: 'admin', sessionId: 'admin-session' });
    const code = `CAP${randomUUID().slice(0, 8)}`;
    const created = await request(h.service.app)
      .post('/api/console/coupons')
      .set(h.service.as(admin))
      .send({
        code,
        amountCents: 2000,
        paymentTerms: null,
        startsAt: null,
        expiresAt: null,
        maxUses: 3,
        maxUsesPerPatient: null,
        active: true,
      });
    expect(created.status).toBe(200);
    const id = created.body.coupon.id as number;

    const carts = await Promise.all(Array.from({ length: 10 }, () => h.saveCart()));
    const amount = amountDueTodayCents('tirzepatide', 6, 2000);
    const answers = await Promise.all(
      carts.map((cart) => h.pay(cart, { couponCode: code, amount })),
    );
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(ok).toHaveLength(3);
    expect(refused.map((a) => [a.status, a.body.message])).toEqual(
      Array.from({ length: 7 }, () => [409, couponMessages.usedUp]),
    );
    const [uses] = await h.db
      .select({ n: count() })
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, id));
    expect(uses?.n).toBe(3);
  });
});
