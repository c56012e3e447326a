import { eq } from 'drizzle-orm';
import request from 'supertest';
import { formSubmitted, type Principal } from '@clinic/contracts';
import { eventually } from '@clinic/kit/testing';
import { orders, transactions } from '../db/schema';
import { startCheckout, type CheckoutHarness } from '../testing/checkout-harness';

const HOUR = 60 * 60 * 1000;

describe('GET /api/pending-medical-forms', () => {
  let t: CheckoutHarness;
  beforeAll(async () => {
    t = await startCheckout();
  });
  afterAll(async () => t.close());

  const pending = (as: Principal | null) =>
    request(t.service.app)
      .get('/api/pending-medical-forms')
      .set(as ? t.service.as(as) : {});

  /** A paid order of `as`; answers its order id. */
  async function paidOrder(as: Principal, drug: 'tirzepatide' | 'semaglutide' = 'tirzepatide') {
    const amount = drug === 'tirzepatide' ? 134982 : 80995;
    const res = await t.pay(await t.saveCart({ drug, as }), { amount }, { as });
    expect(res.status).toBe(200);
    return res.body.prescriptionPreauths[0].orderId as number;
  }

  it('needs a login', async () => {
    expect((await pending(null)).status).toBe(401);
  });

  it("lists the caller's own paid prescription orders, oldest first", async () => {
    const ana = t.patient(801);
    const bo = t.patient(802);
    expect((await pending(ana)).body).toEqual({ status: 'success', orders: [] });

    const first = await paidOrder(ana, 'tirzepatide');
    const paidAt = t.clock.now().toISOString();
    t.clock.advance(HOUR);
    const second = await paidOrder(ana, 'semaglutide');
    await paidOrder(bo);
    // A guest's order (no account) belongs to nobody's list.
    expect((await t.pay(await t.saveCart())).status).toBe(200);
    // The upsell's pills join the first order: still one entry for it.
    const addOn = await request(t.service.app)
      .post('/api/add-to-order')
      .set(t.service.as(ana))
      .set('Idempotency-Key', 'add-on-801')
      .send({ product: 'glp_anti_nausea' });
    expect(addOn.status).toBe(200);

    const mine = await pending(ana);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({
      status: 'success',
      orders: [
        { orderId: first, product_name: 'Tirzepatide', created_at: paidAt },
        { orderId: second, product_name: 'Semaglutide', created_at: expect.any(String) },
      ],
    });
    expect(mine.body.orders.map((o: { orderId: number }) => o.orderId)).not.toContain(
      (await pending(bo)).body.orders[0].orderId,
    );
    expect((await pending(t.patient(803))).body.orders).toEqual([]);
  });

  it('leaves out a denied, cancelled or approved order and one whose payment was refunded', async () => {
    const cy = t.patient(811);
    const denied = await paidOrder(cy);
    const cancelled = await paidOrder(cy);
    const approved = await paidOrder(cy);
    const refunded = await paidOrder(cy);
    const waiting = await paidOrder(cy);
    await t.db.update(orders).set({ status: 'denied' }).where(eq(orders.id, denied));
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled));
    await t.db.update(orders).set({ status: 'approved' }).where(eq(orders.id, approved));
    await t.db
      .update(transactions)
      .set({ status: 'refunded' })
      .where(eq(transactions.orderId, refunded));
    const res = await pending(cy);
    expect(res.body.orders.map((o: { orderId: number }) => o.orderId)).toEqual([waiting]);
  });

  it('leaves out an order whose assessment forms reported submitted', async () => {
    const dee = t.patient(821);
    const submitted = await paidOrder(dee);
    const waiting = await paidOrder(dee);
    await t.service.runtime.transaction((_tx, events) =>
      events.publish(formSubmitted, {
        orderId: submitted,
        userId: 821,
        assessmentId: 1,
        form: 'mdIntegration',
        questionnaireVersion: '2026-11-24.1',
        drug: 'tirzepatide',
        state: 'TX',
        videoRequired: false,
        submittedAt: t.clock.now().toISOString(),
      }),
    );
    await eventually(async () => {
      const res = await pending(dee);
      expect(res.body.orders.map((o: { orderId: number }) => o.orderId)).toEqual([waiting]);
    });
  });
});
