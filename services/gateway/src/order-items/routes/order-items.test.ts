/**
 * GET /api/order-items: a patient sees their own items, newest first, and their health id; never
 * another patient's; a change as soon as its event is in; and nothing without a login.
 */
import request from 'supertest';
import { orderItems } from '@clinic/contracts';
import { deliveredOrder, orderLife, at } from '../domain/order-events.fixtures';
import { startOrderView, type OrderViewHarness } from '../testing/order-view-harness';

describe('GET /api/order-items', () => {
  let h: OrderViewHarness;
  beforeAll(async () => {
    h = await startOrderView();
    const later = orderLife(22, 100);
    await h.publish([
      ...deliveredOrder(21, 100),
      { ...later.paid, occurredAt: at(3 * 24 * 60) },
      orderLife(23, 200).paid,
    ]);
  });
  afterAll(() => h.close());

  const asPatient = (userId: number) =>
    h.service.as({ userId, role: 'patient', sessionId: `s-${userId}` });

  it("answers the caller's items newest first, with their health id, as the contract says", async () => {
    const res = await request(h.service.app).get('/api/order-items').set(asPatient(100));
    expect(res.status).toBe(200);
    expect(orderItems.response.safeParse(res.body).success).toBe(true);
    expect(res.body.health_id).toBe('H-100');
    expect(
      res.body.orders.map((o: { item_id: string; status: string }) => [o.item_id, o.status]),
    ).toEqual([
      ['order-22', 'pending_approval'],
      ['order-21', 'order_delivered'],
    ]);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("never shows another patient's orders", async () => {
    const res = await request(h.service.app).get('/api/order-items').set(asPatient(200));
    expect(res.status).toBe(200);
    expect(res.body.orders.map((o: { id: number }) => o.id)).toEqual([23]);
    expect(res.body.health_id).toBeNull();
    const nobody = await request(h.service.app).get('/api/order-items').set(asPatient(300));
    expect(nobody.body).toEqual({ status: 'success', orders: [], health_id: null });
  });

  it('shows a change at once: a view read a moment ago is forgotten when its events arrive', async () => {
    const read = async () =>
      (await request(h.service.app).get('/api/order-items').set(asPatient(100))).body.orders.find(
        (o: { item_id: string }) => o.item_id === 'order-22',
      ).status;
    expect(await read()).toBe('pending_approval');
    expect(await read()).toBe('pending_approval');
    await h.publish([{ ...orderLife(22, 100).submitted(), occurredAt: at(3 * 24 * 60 + 10) }]);
    expect(await read()).toBe('waiting_prescription');
  });

  it('needs a login', async () => {
    const res = await request(h.service.app).get('/api/order-items');
    expect(res.status).toBe(401);
    expect(res.body.orders).toBeUndefined();
  });
});
